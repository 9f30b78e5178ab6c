//! `dimchess-anchors LIBRARY DEPTH FEN`: perft with cozy-chess, shakmaty or the `chess` crate,
//! each with the loop it is designed for (copy-make, bulk counting at the last ply). Prints
//! the leaf count.

fn cozy(board: &cozy_chess::Board, depth: u32) -> u64 {
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
            n += cozy(&child, depth - 1);
        }
        false
    });
    n
}

fn shakmaty(pos: &shakmaty::Chess, depth: u32) -> u64 {
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
            shakmaty(&child, depth - 1)
        })
        .sum()
}

fn chess_crate(board: &chess::Board, depth: u32) -> u64 {
    let moves = chess::MoveGen::new_legal(board);
    if depth <= 1 {
        return moves.len() as u64;
    }
    moves
        .map(|m| chess_crate(&board.make_move_new(m), depth - 1))
        .sum()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, lib, depth, fen] = &args[..] else {
        eprintln!("usage: dimchess-anchors cozy|shakmaty|chess DEPTH FEN");
        std::process::exit(2)
    };
    let depth: u32 = depth.parse().expect("depth");
    let n = match lib.as_str() {
        "cozy" => cozy(&fen.parse().expect("FEN"), depth),
        "shakmaty" => shakmaty(
            &fen.parse::<shakmaty::fen::Fen>()
                .expect("FEN")
                .into_position(shakmaty::CastlingMode::Standard)
                .expect("position"),
            depth,
        ),
        "chess" => chess_crate(&fen.parse().expect("FEN"), depth),
        _ => {
            eprintln!("unknown library `{lib}`");
            std::process::exit(2)
        }
    };
    println!("{n}");
}
