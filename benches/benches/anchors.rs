//! Side-by-side perft: dimchess-fide, shakmaty and cozy-chess on the same positions in one run.
//! Each library gets the perft loop it is designed for (copy-make, bulk counting at the last
//! ply), written here against its public API.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const POSITIONS: [(&str, &str, u32); 2] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
    ),
];

fn shakmaty_perft(pos: &shakmaty::Chess, depth: u32) -> u64 {
    use shakmaty::Position;
    let moves = pos.legal_moves();
    if depth <= 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(*m);
            shakmaty_perft(&child, depth - 1)
        })
        .sum()
}

fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut n = 0;
    if depth <= 1 {
        board.generate_moves(|moves| {
            n += moves.len() as u64;
            false
        });
        return n;
    }
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            n += cozy_perft(&child, depth - 1);
        }
        false
    });
    n
}

fn bench(c: &mut Criterion) {
    for (name, fen, depth) in POSITIONS {
        let ours: dimchess_fide::Chess = fen.parse().unwrap();
        let shak: shakmaty::Chess = fen
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        let cozy: cozy_chess::Board = fen.parse().unwrap();
        let expected = dimchess_core::perft::perft(&ours, depth);
        assert_eq!(shakmaty_perft(&shak, depth), expected);
        assert_eq!(cozy_perft(&cozy, depth), expected);

        let mut g = c.benchmark_group(format!("perft{depth}/{name}"));
        g.throughput(Throughput::Elements(expected));
        g.bench_function("dimchess-fide", |b| {
            b.iter(|| dimchess_core::perft::perft(std::hint::black_box(&ours), depth))
        });
        g.bench_function("shakmaty", |b| {
            b.iter(|| shakmaty_perft(std::hint::black_box(&shak), depth))
        });
        g.bench_function("cozy-chess", |b| {
            b.iter(|| cozy_perft(std::hint::black_box(&cozy), depth))
        });
        g.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
