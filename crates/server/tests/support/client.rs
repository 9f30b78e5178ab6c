//! A small client of `dimchess serve` for the tests and the load and restart drivers: HTTP/1.1
//! requests and WebSockets over TCP connections bound to a chosen loopback address (so that a
//! test can be several clients, each with its own address).

#![allow(dead_code)]

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::{WebSocketStream, client_async};

/// A TCP connection to `addr` from `from` (any loopback address: 127.0.0.0/8).
pub async fn tcp(addr: SocketAddr, from: Option<IpAddr>) -> std::io::Result<TcpStream> {
    let sock = TcpSocket::new_v4()?;
    if let Some(ip) = from {
        sock.bind(SocketAddr::new(ip, 0))?;
    }
    sock.set_nodelay(true).ok();
    let stream = sock.connect(addr).await?;
    stream.set_nodelay(true).ok();
    Ok(stream)
}

/// An HTTP request: `(status, body)` (the body as JSON, or as a string if it is not).
pub async fn http(
    addr: SocketAddr,
    from: Option<IpAddr>,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: &str,
) -> std::io::Result<(u16, Value)> {
    let mut s = tcp(addr, from).await?;
    let auth = token.map_or(String::new(), |t| format!("Authorization: Bearer {t}\r\n"));
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\n{auth}Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await?;
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await?;
    let text = String::from_utf8_lossy(&buf).into_owned();
    let (head, rest) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status: u16 = head
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(rest)
    } else {
        rest.to_string()
    };
    let value = serde_json::from_str(&body).unwrap_or(Value::String(body));
    Ok((status, value))
}

fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = s.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 || rest.len() < n {
            break;
        }
        out.push_str(&rest[..n]);
        s = rest[n..].strip_prefix("\r\n").unwrap_or(&rest[n..]);
    }
    out
}

/// A game's WebSocket.
pub struct Ws {
    pub ws: WebSocketStream<TcpStream>,
}

impl Ws {
    /// Opens `/api/games/{id}/ws` from `from`, with an `Origin` header if given.
    pub async fn open(
        addr: SocketAddr,
        from: Option<IpAddr>,
        id: &str,
        origin: Option<&str>,
    ) -> Result<Ws, String> {
        let stream = tcp(addr, from).await.map_err(|e| e.to_string())?;
        let mut req = format!("ws://{addr}/api/games/{id}/ws")
            .into_client_request()
            .map_err(|e| e.to_string())?;
        if let Some(o) = origin {
            req.headers_mut()
                .insert("origin", o.parse().map_err(|_| "bad origin")?);
        }
        let (ws, _) = client_async(req, stream).await.map_err(|e| e.to_string())?;
        Ok(Ws { ws })
    }

    /// Opens the socket and says hello with `tokens` and the version seen.
    pub async fn hello(
        addr: SocketAddr,
        from: Option<IpAddr>,
        id: &str,
        tokens: &[&str],
        v: Option<u64>,
    ) -> Result<Ws, String> {
        let mut ws = Ws::open(addr, from, id, None).await?;
        ws.send(&serde_json::json!({"t": "hello", "tokens": tokens, "v": v}))
            .await?;
        Ok(ws)
    }

    pub async fn send(&mut self, v: &Value) -> Result<(), String> {
        self.send_text(v.to_string()).await
    }

    pub async fn send_text(&mut self, text: String) -> Result<(), String> {
        self.ws
            .send(Message::Text(text.into()))
            .await
            .map_err(|e| e.to_string())
    }

    /// The next JSON message (`None` when the socket closed or after `wait`).
    pub async fn recv(&mut self, wait: Duration) -> Option<Value> {
        loop {
            match tokio::time::timeout(wait, self.ws.next()).await {
                Ok(Some(Ok(Message::Text(t)))) => return serde_json::from_str(t.as_str()).ok(),
                Ok(Some(Ok(Message::Close(_)))) | Ok(None) | Ok(Some(Err(_))) | Err(_) => {
                    return None;
                }
                Ok(Some(Ok(_))) => {}
            }
        }
    }

    /// Messages until one satisfies `ok` (which is returned), or `None` after `wait`.
    pub async fn until(&mut self, wait: Duration, ok: impl Fn(&Value) -> bool) -> Option<Value> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            let m = self.recv(left).await?;
            if ok(&m) {
                return Some(m);
            }
        }
    }

    /// The close frame's code, once the server closes the socket (`None` if it does not
    /// within `wait`).
    pub async fn closed_with(&mut self, wait: Duration) -> Option<u16> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            match tokio::time::timeout(left, self.ws.next()).await {
                Ok(Some(Ok(Message::Close(Some(f))))) => return Some(f.code.into()),
                Ok(Some(Ok(Message::Close(None)))) | Ok(None) | Ok(Some(Err(_))) => {
                    return Some(1006);
                }
                Ok(Some(Ok(_))) => {}
                Err(_) => return None,
            }
        }
    }
}

impl Ws {
    /// The next frame: `Some(Some(code))` for a close (1006 when the connection broke),
    /// `Some(None)` for another message, `None` after a second of silence.
    pub async fn ws_next(&mut self) -> Option<Option<u16>> {
        match tokio::time::timeout(Duration::from_secs(1), self.ws.next()).await {
            Ok(Some(Ok(Message::Close(Some(f))))) => Some(Some(f.code.into())),
            Ok(Some(Ok(Message::Close(None)))) | Ok(None) | Ok(Some(Err(_))) => Some(Some(1006)),
            Ok(Some(Ok(_))) => Some(None),
            Err(_) => None,
        }
    }
}
