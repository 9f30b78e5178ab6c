//! [`run`]: a session between a reader and a writer (the tool's stdin and stdout), with the
//! input read on a thread of its own.

use std::io::{self, BufRead, Write};
use std::sync::mpsc;
use std::thread;

use crate::session::Uci;

/// The longest command line read; the rest of a longer line is dropped (and reported).
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// What [`run`]'s loop waits for.
enum Event {
    Line(String),
    TooLong(usize),
    Eof,
    Out(String),
}

/// Runs a session: reads commands from `input` (on a thread of their own) until `quit` or
/// the end of the input, and writes every response line to `output` (on this thread, so
/// `output` may be a locked stdout). At the end of the input a running search is stopped and
/// its `bestmove` written, as after `quit`. Lines that are not UTF-8 are read lossily; lines
/// longer than [`MAX_LINE_BYTES`] are cut there (and reported).
///
/// # Errors
/// A failure to write `output` other than a closed pipe (a closed pipe ends the session
/// quietly).
pub fn run(input: impl BufRead + Send + 'static, output: &mut impl Write) -> io::Result<()> {
    let (tx, rx) = mpsc::channel::<Event>();
    let reader_tx = tx.clone();
    thread::Builder::new()
        .name("dimchess-uci-input".to_string())
        .spawn(move || read_lines(input, &reader_tx))?;
    let out_tx = std::sync::Mutex::new(tx);
    let mut uci = Uci::new(move |line: &str| {
        if let Ok(tx) = out_tx.lock() {
            let _ = tx.send(Event::Out(line.to_string()));
        }
    });
    let write = |output: &mut dyn Write, line: &str| -> io::Result<()> {
        writeln!(output, "{line}")?;
        output.flush()
    };
    let mut done = false;
    while let Ok(event) = rx.recv() {
        match event {
            Event::Out(line) => match write(output, &line) {
                Ok(()) => {}
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                    uci.finish();
                    return Ok(());
                }
                Err(e) => {
                    uci.finish();
                    return Err(e);
                }
            },
            Event::Line(line) => done = !uci.command(&line),
            Event::TooLong(n) => uci.say(&format!(
                "info string error: a line of more than {n} bytes was cut there"
            )),
            Event::Eof => {
                uci.finish();
                done = true;
            }
        }
        if done {
            break;
        }
    }
    // What the last command and a stopped search said.
    drop(uci);
    while let Ok(event) = rx.try_recv() {
        if let Event::Out(line) = event {
            match write(output, &line) {
                Err(e) if e.kind() != io::ErrorKind::BrokenPipe => return Err(e),
                _ => {}
            }
        }
    }
    Ok(())
}

/// Reads `input` line by line (at most [`MAX_LINE_BYTES`] each) into `tx`, then [`Event::Eof`].
fn read_lines(mut input: impl BufRead, tx: &mpsc::Sender<Event>) {
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let mut cut = false;
        let mut ended = false;
        loop {
            let chunk = match input.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(_) => &[],
            };
            if chunk.is_empty() {
                break;
            }
            let (take, end) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (chunk.len(), false),
            };
            let room = MAX_LINE_BYTES.saturating_sub(buf.len());
            cut |= take > room;
            buf.extend_from_slice(&chunk[..take.min(room)]);
            input.consume(take);
            if end {
                ended = true;
                break;
            }
        }
        if !ended && buf.is_empty() && !cut {
            let _ = tx.send(Event::Eof);
            return;
        }
        if cut && tx.send(Event::TooLong(MAX_LINE_BYTES)).is_err() {
            return;
        }
        let line = String::from_utf8_lossy(&buf).into_owned();
        if tx.send(Event::Line(line)).is_err() || !ended {
            let _ = tx.send(Event::Eof);
            return;
        }
    }
}
