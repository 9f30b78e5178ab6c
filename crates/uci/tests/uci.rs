//! The UCI state machine (`dimchess-uci`) driven in-process: the handshake, positions,
//! searches and their stops, bad input, and a game of every registered variant checked move by
//! move by the variant's own rules (`record::Game`).

use std::io::Cursor;
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use dimchess_any::core::zobrist::SplitMix64;
use dimchess_any::record::Game;
use dimchess_any::{Position, VARIANTS, registry};
use dimchess_uci::{Uci, run};

/// A session and the lines it wrote.
struct Client {
    uci: Uci,
    rx: Receiver<String>,
}

impl Client {
    fn new() -> Client {
        let (tx, rx) = mpsc::channel::<String>();
        let uci = Uci::new(move |line: &str| {
            let _ = tx.send(line.to_string());
        });
        Client { uci, rx }
    }

    fn send(&mut self, line: &str) -> bool {
        self.uci.command(line)
    }

    /// Every line written so far.
    fn drain(&self) -> Vec<String> {
        self.rx.try_iter().collect()
    }

    /// The lines up to and including the first that starts with `prefix` (within 60 s).
    fn until(&self, prefix: &str) -> Vec<String> {
        let mut lines = Vec::new();
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self
                .rx
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no `{prefix}` line; got {lines:?}"));
            let done = line.starts_with(prefix);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }
}

/// The move of a `bestmove` line.
fn best_of(line: &str) -> &str {
    let mut t = line.split_whitespace();
    assert_eq!(t.next(), Some("bestmove"), "{line}");
    t.next().expect("a move after bestmove")
}

#[test]
fn handshake_lists_id_options_and_uciok() {
    let mut c = Client::new();
    assert!(c.send("uci"));
    let lines = c.until("uciok");
    assert!(lines[0].starts_with("id name dimchess"));
    assert!(lines.iter().any(|l| l.starts_with("id author")));
    for name in ["Hash", "Threads", "MultiPV", "UCI_Variant", "Ponder"] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {name} type "))),
            "{name}: {lines:?}"
        );
    }
    let variant = lines.iter().find(|l| l.contains("UCI_Variant")).unwrap();
    for v in VARIANTS {
        assert!(variant.contains(&format!(" var {} ", v.id)) || variant.ends_with(v.id));
    }
    c.send("isready");
    assert_eq!(c.until("readyok"), ["readyok"]);
    assert!(!c.send("quit"));
}

#[test]
fn position_with_moves_and_fen() {
    let mut c = Client::new();
    c.send("position startpos moves e2e4 e7e5 g1f3");
    assert_eq!(
        c.uci.position().text(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
    c.send("position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1g1");
    assert_eq!(c.uci.position().text(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    // Extra blanks and a line end are only separators.
    c.send("  position   fen 4k3/8/8/8/8/8/8/4K2R   w K - 0 1\r");
    assert_eq!(c.uci.position().text(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert!(c.drain().is_empty());
}

#[test]
fn go_depth_answers_a_legal_move_with_info_lines() {
    let mut c = Client::new();
    c.send("position startpos moves d2d4 g8f6");
    c.send("go depth 4");
    let lines = c.until("bestmove");
    let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info ")).collect();
    for d in 1..=4 {
        assert!(
            infos
                .iter()
                .any(|l| l.starts_with(&format!("info depth {d} "))),
            "{lines:?}"
        );
    }
    for l in &infos {
        for field in ["seldepth", "score", "nodes", "nps", "time", "pv"] {
            assert!(l.contains(&format!(" {field} ")), "{l}");
        }
    }
    let mv = best_of(lines.last().unwrap()).to_string();
    let mut pos = c.uci.position().clone();
    pos.play_text(&mv).expect("bestmove is legal");
}

#[test]
fn mate_scores_are_mate_n() {
    let mut c = Client::new();
    c.send("position fen r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    c.send("go depth 3");
    let lines = c.until("bestmove");
    assert!(
        lines.iter().any(|l| l.contains(" score mate 1 ")),
        "{lines:?}"
    );
    assert_eq!(best_of(lines.last().unwrap()), "h5f7");
    // The mated side is told so, and gets no move.
    c.send("position fen r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4");
    c.send("go depth 3");
    let lines = c.until("bestmove");
    assert!(lines.iter().any(|l| l == "info depth 0 score mate 0"));
    assert_eq!(lines.last().unwrap(), "bestmove (none)");
}

#[test]
fn stop_ends_go_infinite_at_once() {
    let mut c = Client::new();
    c.send("go infinite");
    std::thread::sleep(Duration::from_millis(150));
    assert!(c.uci.is_searching());
    assert!(!c.drain().iter().any(|l| l.starts_with("bestmove")));
    let t = Instant::now();
    c.send("stop");
    let waited = t.elapsed();
    let lines = c.drain();
    let mv = best_of(lines.last().expect("bestmove after stop")).to_string();
    assert!(registry::start("fide").unwrap().play_text(&mv).is_ok());
    assert!(!c.uci.is_searching());
    // Generous for a debug build on a loaded machine; the release figure is in docs/engine.md.
    assert!(waited < Duration::from_millis(500), "{waited:?}");
}

#[test]
fn go_infinite_waits_for_stop_even_when_the_search_is_done() {
    let mut c = Client::new();
    // Mate in one: the search proves it at once, but `infinite` holds bestmove back.
    c.send("position fen r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    c.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    assert!(!c.drain().iter().any(|l| l.starts_with("bestmove")));
    c.send("stop");
    assert_eq!(c.drain().last().unwrap(), "bestmove h5f7");
}

#[test]
fn isready_is_answered_during_a_search() {
    let mut c = Client::new();
    c.send("go infinite");
    c.send("isready");
    let lines = c.until("readyok");
    assert!(!lines.iter().any(|l| l.starts_with("bestmove")));
    assert!(c.uci.is_searching());
    c.send("stop");
    assert!(c.drain().last().unwrap().starts_with("bestmove "));
}

#[test]
fn go_and_position_during_a_search_stop_it_first() {
    let mut c = Client::new();
    c.send("go infinite");
    c.send("go depth 2");
    let first = c.until("bestmove");
    assert!(best_of(first.last().unwrap()).len() >= 4);
    let second = c.until("bestmove");
    assert!(second.iter().any(|l| l.starts_with("info depth 2 ")));
    c.send("go infinite");
    c.send("position startpos moves e2e4");
    assert!(c.drain().last().unwrap().starts_with("bestmove "));
    assert!(!c.uci.is_searching());
    assert_eq!(
        c.uci.position().text(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    // quit stops a search too (its bestmove goes out).
    c.send("go infinite");
    assert!(!c.send("quit"));
    assert!(c.drain().last().unwrap().starts_with("bestmove "));
}

#[test]
fn ponderhit_searches_with_the_go_limits() {
    let mut c = Client::new();
    c.send("position startpos moves e2e4 e7e5");
    c.send("go ponder depth 3");
    std::thread::sleep(Duration::from_millis(50));
    assert!(!c.drain().iter().any(|l| l.starts_with("bestmove")));
    c.send("ponderhit");
    let lines = c.until("bestmove");
    assert!(lines.iter().any(|l| l.starts_with("info depth 3 ")));
    // A ponder search that is stopped answers too.
    c.send("go ponder wtime 1000 btime 1000");
    c.send("stop");
    assert!(c.drain().last().unwrap().starts_with("bestmove "));
}

#[test]
fn illegal_move_in_position_is_reported_and_the_legal_ones_kept() {
    let mut c = Client::new();
    c.send("position startpos moves e2e4 e2e4 d7d5");
    let lines = c.drain();
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].starts_with("info string error: move 2 `e2e4`"),
        "{lines:?}"
    );
    assert_eq!(
        c.uci.position().text(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    // A bad FEN leaves the position as it was.
    c.send("position fen not a fen moves e7e5");
    assert!(c.drain()[0].starts_with("info string error: position not set"));
    assert_eq!(
        c.uci.position().text(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    for bad in [
        "position",
        "position fen",
        "position startpos extra",
        "setoption",
        "setoption name",
        "setoption name Hash value -3",
        "setoption name Hash value 99999999999999999999999",
        "setoption name MultiPV value 0",
        "setoption name MultiPV value 100000",
        "setoption name UCI_Variant value chess960",
        "setoption name NoSuchOption value 1",
        "go depth x",
        "go frobnicate",
        "go xtime 5",
        "xyzzy",
    ] {
        c.send(bad);
        let lines = c.drain();
        assert!(
            lines.iter().any(|l| l.starts_with("info string error: ")),
            "{bad}: {lines:?}"
        );
        c.uci.finish();
        c.drain();
    }
    // Unknown leading tokens are skipped, as the UCI document asks.
    c.send("joho isready");
    let lines = c.drain();
    assert_eq!(lines.last().unwrap(), "readyok");
}

/// The `multipv`, score and first move of an `info … multipv …` line at `depth`.
fn line_at(line: &str, depth: u32) -> Option<(usize, i64, String)> {
    let t: Vec<&str> = line.split_whitespace().collect();
    let field = |name: &str| t.iter().position(|&x| x == name).map(|i| t[i + 1]);
    if t.first() != Some(&"info") || field("depth")? != depth.to_string() {
        return None;
    }
    let k = field("multipv")?.parse().ok()?;
    let i = t.iter().position(|&x| x == "score")?;
    let v: i64 = t[i + 2].parse().ok()?;
    let score = match t[i + 1] {
        "cp" => v,
        _ if v > 0 => 1_000_000 - v,
        _ => -1_000_000 - v,
    };
    Some((k, score, field("pv")?.to_string()))
}

#[test]
fn multipv_lines_per_depth_best_first() {
    let mut c = Client::new();
    c.send("setoption name MultiPV value 3");
    c.send("position startpos");
    c.send("go depth 3");
    let lines = c.until("bestmove");
    for depth in 1..=3 {
        let at: Vec<_> = lines.iter().filter_map(|l| line_at(l, depth)).collect();
        assert_eq!(
            at.iter().map(|l| l.0).collect::<Vec<_>>(),
            [1, 2, 3],
            "{lines:?}"
        );
        assert!(at[0].2 != at[1].2 && at[0].2 != at[2].2 && at[1].2 != at[2].2);
        assert!(at.windows(2).all(|w| w[0].1 >= w[1].1), "{at:?}");
        if depth == 3 {
            assert_eq!(best_of(lines.last().unwrap()), at[0].2);
        }
    }
    // More lines than moves: one line per move (the white king has three; Black's pawn keeps
    // the game alive: K v K is a dead position, drawn, where the engine answers game over).
    c.send("setoption name MultiPV value 30");
    c.send("position fen 7k/7p/8/8/8/8/8/K7 w - - 0 1");
    c.send("go depth 2");
    let lines = c.until("bestmove");
    let at: Vec<_> = lines.iter().filter_map(|l| line_at(l, 2)).collect();
    assert_eq!(at.len(), 3, "{lines:?}");
    // Dimension X searches one line, and says so.
    c.send("setoption name UCI_Variant value dimension-x");
    c.send("position startpos");
    c.send("go nodes 500");
    let lines = c.until("bestmove");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string MultiPV above 1 is not supported")),
        "{lines:?}"
    );
}

#[test]
fn searchmoves_restricts_the_best_move() {
    let mut c = Client::new();
    c.send("position startpos");
    c.send("go depth 3 searchmoves e2e4 d2d4");
    let lines = c.until("bestmove");
    assert!(["e2e4", "d2d4"].contains(&best_of(lines.last().unwrap())));
    for l in &lines[..lines.len() - 1] {
        let pv = l.split(" pv ").nth(1).unwrap_or("");
        assert!(pv.starts_with("e2e4") || pv.starts_with("d2d4"), "{l}");
    }
    // With MultiPV, every line is one of them; an illegal move is reported and left out.
    c.send("setoption name MultiPV value 4");
    c.send("go depth 2 searchmoves a2a3 e7e5 nonsense h2h4");
    let lines = c.until("bestmove");
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.starts_with("info string error: go: searchmoves"))
            .count(),
        2,
        "{lines:?}"
    );
    let at: Vec<_> = lines.iter().filter_map(|l| line_at(l, 2)).collect();
    assert_eq!(at.len(), 2, "{lines:?}");
    assert!(at.iter().all(|l| l.2 == "a2a3" || l.2 == "h2h4"));
    // Only illegal moves: every move is searched.
    c.send("setoption name MultiPV value 1");
    c.send("go depth 2 searchmoves e7e5");
    let lines = c.until("bestmove");
    assert!(
        c.uci
            .position()
            .clone()
            .play_text(best_of(lines.last().unwrap()))
            .is_ok()
    );
}

#[test]
fn variants_through_uci_variant() {
    let mut c = Client::new();
    c.send("setoption name UCI_Variant value dimension-chess");
    assert_eq!(c.uci.variant().id, "dimension-chess");
    c.send("position startpos moves E:e2e4");
    c.send("go depth 2");
    let mv = best_of(c.until("bestmove").last().unwrap()).to_string();
    assert!(c.uci.position().clone().play_text(&mv).is_ok());
    // A position text with spaces, up to `moves`.
    let start = registry::start("hyperspace").unwrap();
    c.send("setoption name UCI_Variant value hyperspace");
    c.send(&format!("position fen {} moves b1c3^", start.text()));
    assert!(c.drain().is_empty());
    let mut expected = start.clone();
    expected.play_text("b1c3^").unwrap();
    assert_eq!(c.uci.position(), &expected);
}

#[test]
fn four_player_clocks_use_the_seat_to_move() {
    let mut c = Client::new();
    c.send("setoption name UCI_Variant value three-level");
    // Seat 1 (Red) is to move: its clock (time1 = wtime) gives it a few milliseconds.
    let t = Instant::now();
    c.send("go time1 300 time2 100000 time3 100000 time4 100000");
    let lines = c.until("bestmove");
    assert!(t.elapsed() < Duration::from_secs(5), "{lines:?}");
    let mv = best_of(lines.last().unwrap()).to_string();
    assert!(c.uci.position().clone().play_text(&mv).is_ok());
}

/// Random lines: command words, arguments, numbers, move and position texts, control
/// characters and bytes, and valid commands cut short.
fn garbage_line(rng: &mut SplitMix64) -> String {
    const WORDS: &[&str] = &[
        "uci",
        "isready",
        "ucinewgame",
        "position",
        "startpos",
        "fen",
        "moves",
        "go",
        "stop",
        "ponderhit",
        "debug",
        "on",
        "off",
        "setoption",
        "name",
        "value",
        "Hash",
        "Threads",
        "MultiPV",
        "UCI_Variant",
        "Ponder",
        "true",
        "depth",
        "nodes",
        "movetime",
        "wtime",
        "btime",
        "winc",
        "binc",
        "movestogo",
        "infinite",
        "ponder",
        "mate",
        "searchmoves",
        "time3",
        "inc4",
        "e2e4",
        "e7e5",
        "g1f3",
        "e1g1",
        "a7a8q",
        "E:e2e4",
        "b1c3^",
        "0",
        "1",
        "2",
        "3",
        "-5",
        "17",
        "99999999999999999999",
        "fide",
        "dimension-chess",
        "three-level",
        "hyperspace",
        "redistribution",
        "dimension-x",
        "three-level-xiangqi",
        "register",
        "later",
        "8/8/8/8/8/8/8/8",
        "w",
        "b",
        "KQkq",
        "-",
        "\u{0}",
        "\u{1b}[31m",
        "é",
        "\t",
    ];
    const VALID: &[&str] = &[
        "position startpos moves e2e4 e7e5 g1f3 b8c6",
        "position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 moves c7c5",
        "go depth 2",
        "go movetime 5",
        "go nodes 300",
        "go wtime 100 btime 100 winc 1 binc 1 movestogo 3",
        "setoption name UCI_Variant value fide",
        "setoption name Hash value 2",
    ];
    match rng.below(4) {
        0 => {
            let n = rng.below(12);
            (0..n)
                .map(|_| WORDS[rng.below(WORDS.len())])
                .collect::<Vec<_>>()
                .join(" ")
        }
        1 => {
            let v = VALID[rng.below(VALID.len())];
            let cut = rng.below(v.len() + 1);
            v[..cut].to_string()
        }
        2 => {
            let n = rng.below(40);
            (0..n)
                .map(|_| char::from_u32(rng.below(0x800) as u32).unwrap_or('?'))
                .collect()
        }
        _ => {
            // A valid command with one token replaced.
            let v = VALID[rng.below(VALID.len())];
            let mut t: Vec<&str> = v.split(' ').collect();
            let i = rng.below(t.len());
            t[i] = WORDS[rng.below(WORDS.len())];
            t.join(" ")
        }
    }
}

#[test]
fn ten_thousand_lines_of_garbage_never_crash() {
    let mut rng = SplitMix64::new(14);
    let mut c = Client::new();
    let mut bestmoves = 0;
    for _ in 0..10_000 {
        let line = garbage_line(&mut rng);
        if !c.send(&line) {
            // `quit`: a new session, as a GUI would start a new process.
            c = Client::new();
        }
        for l in c.drain() {
            assert!(!l.contains('\n') && !l.contains('\r'), "{l:?}");
            assert!(
                l.starts_with("info ")
                    || l.starts_with("bestmove ")
                    || l.starts_with("id ")
                    || l.starts_with("option ")
                    || l == "uciok"
                    || l == "readyok",
                "{line:?} -> {l:?}"
            );
            bestmoves += usize::from(l.starts_with("bestmove "));
        }
    }
    c.uci.finish();
    assert!(bestmoves > 0);

    // The same through `run`, as bytes: invalid UTF-8, a long line, no final line end.
    let mut input = Vec::new();
    for i in 0..2_000 {
        input.extend_from_slice(garbage_line(&mut rng).as_bytes());
        if i % 97 == 0 {
            input.extend_from_slice(&[0xff, 0xfe, b'g', b'o', 0xc3]);
        }
        input.push(b'\n');
    }
    input.extend_from_slice(&vec![b'x'; 3 << 20]);
    input.extend_from_slice(b"\nisready\ngo infinite");
    let mut out = Vec::new();
    run(Cursor::new(input), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("cut there"));
    assert!(text.ends_with("\n") && text.lines().last().unwrap().starts_with("bestmove "));
}

#[test]
fn run_ends_at_eof_with_the_bestmove_of_a_running_search() {
    let mut out = Vec::new();
    run(
        Cursor::new(b"uci\nisready\nposition startpos\ngo infinite\n".to_vec()),
        &mut out,
    )
    .unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("uciok\nreadyok\n"));
    assert!(text.lines().last().unwrap().starts_with("bestmove "));
    // quit ends it at once, whatever follows.
    let mut out = Vec::new();
    run(Cursor::new(b"isready\nquit\nisready\n".to_vec()), &mut out).unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), "readyok\n");
}

/// A game of `id` to its end by the rules: the engine, through UCI with `go`, plays `seat`;
/// the client plays seeded random legal moves for every other seat. The client keeps the game
/// in `record::Game` (the variant's own rules, game-level endings included), sends it with
/// `position` and plays each `bestmove` only if the rules allow it. Returns the plies played
/// and the result; fails if the game is not over after `cap` plies.
fn play_through_uci(id: &str, go: &str, seat: usize, seed: u64, cap: usize) -> (usize, String) {
    let mut c = Client::new();
    let mut rng = SplitMix64::new(seed);
    c.send(&format!("setoption name UCI_Variant value {id}"));
    c.send("ucinewgame");
    let mut game = Game::new(registry::start(id).unwrap());
    let start = game.position().text();
    // Dimension X checks a turn's text against ~19,000 legal turns: its position goes as a
    // text each time rather than the whole game's moves.
    let whole_game = id != "dimension-x";
    while game.outcome().is_none() {
        assert!(
            game.len() < cap,
            "{id}: no result after {cap} plies (engine seat {seat})"
        );
        if game.position().turn() != seat {
            let moves = game.position().moves_with_text();
            assert!(!moves.is_empty(), "{id}: no legal move but no outcome");
            let (_, text) = &moves[rng.below(moves.len())];
            game.play_text(text)
                .unwrap_or_else(|e| panic!("{id}: random move {text}: {e}"));
            continue;
        }
        let cmd = if whole_game {
            let moves: Vec<&str> = game.move_texts().collect();
            if moves.is_empty() {
                format!("position fen {start}")
            } else {
                format!("position fen {start} moves {}", moves.join(" "))
            }
        } else {
            format!("position fen {}", game.position().text())
        };
        c.send(&cmd);
        assert_eq!(c.uci.position(), game.position(), "{id}: {cmd}");
        c.send(go);
        let lines = c.until("bestmove");
        for l in &lines {
            assert!(!l.starts_with("info string error"), "{id}: {l}");
        }
        let mv = best_of(lines.last().unwrap()).to_string();
        game.play_text(&mv)
            .unwrap_or_else(|e| panic!("{id}: bestmove {mv} at ply {}: {e}", game.len()));
    }
    let result = game.result_text().expect("a finished game has a result");
    (game.len(), result)
}

/// The safety cap of the games (plies): a game not over by then fails the test.
const CAP_PLIES: usize = 3000;

#[test]
fn every_variant_plays_to_its_end_through_uci() {
    for (i, v) in VARIANTS.iter().enumerate() {
        let go = match v.id {
            "dimension-x" => "go nodes 1",
            _ => "go nodes 200",
        };
        let t = Instant::now();
        let (n, result) = play_through_uci(v.id, go, 0, 1 + i as u64, CAP_PLIES);
        eprintln!("{}: {n} plies, {result}, {:?}", v.id, t.elapsed());
    }
}

#[test]
#[ignore = "long: every variant to its end, the engine at 4,000 nodes a move (Dimension X 100), in both first seats"]
fn every_variant_plays_to_its_end_through_uci_long() {
    // A node budget, not a time: the games are the same on every run and every machine (at 20
    // ms a move, a debug build on a loaded machine once searched too little to end a
    // dimension-chess game, which has no draw rule, DC-24, within the cap).
    for (i, v) in VARIANTS.iter().enumerate() {
        let go = match v.id {
            "dimension-x" => "go nodes 100",
            _ => "go nodes 4000",
        };
        for seat in 0..2 {
            let t = Instant::now();
            let (n, result) = play_through_uci(v.id, go, seat, 100 + i as u64, CAP_PLIES);
            eprintln!(
                "{} (seat {seat}): {n} plies, {result}, {:?}",
                v.id,
                t.elapsed()
            );
        }
    }
}

#[test]
fn canonical_move_texts_hold_no_whitespace() {
    // Why a move is one token: no variant's move text has a blank (Dimension X joins its
    // actions with commas). Checked on every legal move along random games.
    let mut rng = SplitMix64::new(7);
    for v in VARIANTS {
        let mut pos = v.start_position();
        let plies = if v.id == "dimension-x" { 2 } else { 40 };
        for _ in 0..plies {
            let moves = pos.moves_with_text();
            if moves.is_empty() {
                break;
            }
            for (_, t) in &moves {
                assert!(
                    !t.is_empty() && !t.contains(char::is_whitespace),
                    "{}: {t:?}",
                    v.id
                );
            }
            let (m, _) = moves[rng.below(moves.len())];
            pos.play_unchecked(m);
        }
    }
}

/// `Threads` runs a Lazy SMP search: two threads answer `go` with a legal move and stop on
/// `stop`, in fide, a four-player variant and Dimension X's action search; a value out of
/// range is refused.
#[test]
fn threads_search_and_refuse_out_of_range() {
    let mut c = Client::new();
    c.send("setoption name Threads value 2");
    c.send("position startpos moves e2e4");
    c.send("go depth 6");
    let lines = c.until("bestmove");
    let mv = best_of(lines.last().unwrap());
    let pos = c.uci.position().clone();
    assert!(pos.parse_move(mv).is_ok(), "{mv}: {lines:?}");
    c.send("go infinite");
    std::thread::sleep(Duration::from_millis(50));
    c.send("stop");
    let lines = c.until("bestmove");
    assert!(pos.parse_move(best_of(lines.last().unwrap())).is_ok());
    c.send(&format!(
        "setoption name Threads value {}",
        dimchess_uci::MAX_THREADS + 1
    ));
    let refused = c.drain();
    assert!(
        refused.iter().any(|l| l.starts_with("info string error")),
        "{refused:?}"
    );
    c.send("setoption name UCI_Variant value three-level");
    c.send("position startpos");
    c.send("go depth 3");
    let lines = c.until("bestmove");
    let tl = c.uci.position().clone();
    assert!(tl.parse_move(best_of(lines.last().unwrap())).is_ok());
    c.send("setoption name UCI_Variant value dimension-x");
    c.send("position startpos");
    c.send("go depth 4");
    let lines = c.until("bestmove");
    let dx = c.uci.position().clone();
    assert!(dx.parse_move(best_of(lines.last().unwrap())).is_ok());
}
