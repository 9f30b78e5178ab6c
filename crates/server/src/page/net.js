// The game's connection: one WebSocket to /api/games/{id}/ws. It says hello with the seat
// tokens this browser holds and the last version it saw, applies the events the server sends
// (or the whole state after a gap), reconnects by itself with a growing delay, and sends the
// seats' commands, each answered by an ack or an error. A move carries the ply it was made at:
// sent again after a reconnection, it is applied once (the server answers a stale ply with the
// whole state). It knows nothing of the drawing.
"use strict";

/** Events after which the board changes (a `board` message follows them). */
const BOARD_EVENTS = new Set(["created", "loaded", "move", "undo", "retired", "end", "archived"]);

class GameSocket {
  /**
   * `tokens`: the seat tokens this page holds. `on`: { state(model), status(text, attempt),
   * error(message) }. The model: { id, variant, v, history, status, board }.
   */
  constructor(gameId, tokens, on) {
    this.id = gameId;
    this.tokens = tokens;
    this.on = on;
    this.model = null;        // the state as last applied
    this.seats = [];          // the seats this connection holds (from welcome)
    this.ws = null;
    this.attempt = 0;
    this.nextId = 1;
    this.pending = new Map(); // command id -> { msg, resolve, reject }
    this.boardPending = null; // an event's version whose board is awaited
    this.lastPong = 0;
    this.closed = false;
    this.connected = false;
    this.sentAt = {};         // ply -> Date.now() when this page sent its move at that ply
    this.connect();
    this.pinger = setInterval(() => this.ping(), 10000);
  }

  connect() {
    if (this.closed) return;
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const ws = new WebSocket(scheme + location.host + "/api/games/" + this.id + "/ws");
    this.ws = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ t: "hello", tokens: this.tokens, v: this.model ? this.model.v : null }));
      this.lastPong = Date.now();
    };
    ws.onmessage = (e) => {
      let m;
      try { m = JSON.parse(e.data); } catch { return; }
      this.receive(m);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.connected = false;
      this.ws = null;
      if (this.closed) return;
      // Commands other than moves are dropped (the page shows the state the server sends
      // again); a move is kept and sent again once the state is known (see resume()).
      for (const [id, p] of this.pending) {
        if (p.msg.t !== "move") { p.reject(Object.assign(new Error("connection lost"), { status: 0 })); this.pending.delete(id); }
      }
      // A game the server does not know (an unknown id, or a game lost with the server's
      // memory): no more attempts.
      fetch("/api/games/" + this.id).then((r) => {
        if (r.status === 404 && !this.closed) { this.close(); if (this.on.gone) this.on.gone(); }
      }).catch(() => {});
      const delay = Math.min(10000, 250 * 2 ** this.attempt) * (0.75 + Math.random() / 2);
      this.attempt++;
      this.on.status("reconnecting…", this.attempt, delay);
      setTimeout(() => this.connect(), delay);
    };
  }

  ping() {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return;
    if (Date.now() - this.lastPong > 25000) { this.ws.close(); return; } // silent: start again
    this.ws.send(JSON.stringify({ t: "ping" }));
  }

  close() { this.closed = true; clearInterval(this.pinger); if (this.ws) this.ws.close(); }

  receive(m) {
    this.lastPong = Date.now();
    switch (m.t) {
      case "welcome":
        this.seats = m.seats;
        this.attempt = 0;
        this.connected = true;
        this.on.status("connected", 0, 0);
        break;
      case "sync":
        this.model = { ...m.state, v: m.v };
        this.boardPending = null;
        this.publish();
        this.resume();
        break;
      case "ev": {
        if (!this.model || m.v !== this.model.v + 1) { this.send({ t: "sync" }); break; }
        const ev = m.ev;
        const model = this.model;
        model.v = m.v;
        model.status = m.status;
        if (ev.kind === "move") model.history = model.history.slice(0, ev.ply).concat([ev.text]);
        if (ev.kind === "undo") model.history = model.history.slice(0, ev.ply);
        if (BOARD_EVENTS.has(ev.kind)) this.boardPending = m.v;
        this.lastEvent = ev;
        if (this.boardPending === null) this.publish();
        break;
      }
      case "board":
        if (!this.model || m.v < this.model.v) break;
        this.model.board = m.board;
        this.boardPending = null;
        this.publish();
        this.resume();
        break;
      case "ack": {
        const p = this.pending.get(m.id);
        if (p) { this.pending.delete(m.id); p.resolve(m.v); }
        break;
      }
      case "error": {
        const p = m.id != null ? this.pending.get(m.id) : null;
        if (p) { this.pending.delete(m.id); p.reject(Object.assign(new Error(m.error), { status: m.status })); }
        else this.on.error(m.error, m.status);
        break;
      }
      default: break;
    }
  }

  publish() { if (this.model && this.model.board) this.on.state(this.model); }

  /** After a reconnection: a move not yet answered is sent again if its ply is still the game's. */
  resume() {
    if (!this.model) return;
    for (const [id, p] of this.pending) {
      if (p.msg.t !== "move" || p.sent === this.ws) continue;
      if (p.msg.ply < this.model.history.length) {
        this.pending.delete(id);
        if (this.model.history[p.msg.ply] === p.msg.move) p.resolve(this.model.v);
        else p.reject(Object.assign(new Error("the game moved on"), { status: 409 }));
      } else if (this.ws && this.ws.readyState === WebSocket.OPEN) {
        p.sent = this.ws;
        this.ws.send(JSON.stringify(p.msg));
      }
    }
  }

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) { this.ws.send(JSON.stringify(msg)); return this.ws; }
    return null;
  }

  /** Sends a command; resolves with the version it made, rejects with the server's error. */
  command(msg) {
    const id = this.nextId++;
    msg = { ...msg, id };
    return new Promise((resolve, reject) => {
      const p = { msg, resolve, reject, sent: null };
      if (msg.t !== "move" && !(this.ws && this.ws.readyState === WebSocket.OPEN)) {
        reject(Object.assign(new Error("not connected"), { status: 0 }));
        return;
      }
      this.pending.set(id, p);
      p.sent = this.send(msg);
    });
  }

  /** Sends a move made at `ply` (the time it left is kept in `sentAt[ply]`). */
  move(ply, text) {
    this.sentAt[ply] = Date.now();
    return this.command({ t: "move", ply, move: text });
  }
}
