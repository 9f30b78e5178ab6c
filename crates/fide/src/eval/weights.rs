//! The weights of FIDE's evaluation ([`super::tapered_strength`]) as one table of
//! middlegame/endgame pairs, so that every one is a parameter for Texel tuning
//! (`dimchess_core::tune::Tune`, `dimchess tune fide`) and tuned values are installed by
//! replacing [`VALUES`].
//!
//! A *term* `t` is something the evaluation counts (a Knight, a Pawn on e4, a passed Pawn on
//! the sixth rank); its middlegame weight is `VALUES[2 t]` and its endgame weight
//! `VALUES[2 t + 1]`, blended by the game phase. The terms, in order:
//!
//! | terms | what counts |
//! |---|---|
//! | [`MATERIAL`] + 0..5 | a Pawn, Knight, Bishop, Rook, Queen |
//! | [`BISHOP_PAIR`] | two Bishops or more |
//! | [`PST`] + 64 r + s | a piece of role `r` ([`crate::Role::ALL`] order) on square `s` seen from its own side (a1 = 0; Black's squares mirrored by rank) |
//! | [`MOBILITY`] + 0..4 | per Knight, Bishop, Rook, Queen: the squares it attacks that hold no piece of its own and no enemy Pawn attacks, less a typical count ([`MOBILITY_TYPICAL`]) |
//! | [`PASSED`] + r | a passed Pawn on rank `r` from its own side |
//! | [`ISOLATED`], [`DOUBLED`] | a Pawn with no Pawn of its own beside it; one with a Pawn of its own in front |
//! | [`ROOK_OPEN`], [`ROOK_HALF_OPEN`] | a Rook on a file without Pawns; without Pawns of its own |
//! | [`SHELTER`] + 0..2 | a Pawn of its own on the first (second) rank in front of a King on its first two ranks, on the King's file or beside it |
//! | [`SHELTER_OPEN_FILE`] | a file of those three with no Pawn of its own |
//! | [`THREAT`] + 0..3 | an enemy piece attacked by a piece of lower value: a Knight, Bishop, Rook or Queen by a Pawn; a Rook or Queen by a Knight or Bishop; a Queen by a Rook |
//!
//! ```
//! use dimchess_fide::eval::weights::{NAMES, VALUES, PST, TERMS};
//! assert_eq!(VALUES.len(), 2 * TERMS);
//! assert_eq!(NAMES[0], "pawn mg");
//! // A Knight on e4 in the middlegame: the term of role 1 on square 28.
//! assert_eq!(NAMES[2 * (PST + 64 + 28)], "knight e4 mg");
//! ```

/// The first term of material: Pawn, Knight, Bishop, Rook, Queen.
pub const MATERIAL: usize = 0;
/// The term of a pair of Bishops.
pub const BISHOP_PAIR: usize = 5;
/// The first term of the piece-square tables (6 roles of 64 squares).
pub const PST: usize = 6;
/// The first mobility term (Knight, Bishop, Rook, Queen).
pub const MOBILITY: usize = PST + 6 * 64;
/// The first passed-Pawn term (by rank, 0 to 7).
pub const PASSED: usize = MOBILITY + 4;
/// An isolated Pawn.
pub const ISOLATED: usize = PASSED + 8;
/// A doubled Pawn (one of its own in front of it).
pub const DOUBLED: usize = ISOLATED + 1;
/// A Rook on an open file.
pub const ROOK_OPEN: usize = DOUBLED + 1;
/// A Rook on a half-open file.
pub const ROOK_HALF_OPEN: usize = ROOK_OPEN + 1;
/// The shelter terms: a Pawn one rank, then two ranks, in front of the King.
pub const SHELTER: usize = ROOK_HALF_OPEN + 1;
/// A file before the King with no Pawn of its own.
pub const SHELTER_OPEN_FILE: usize = SHELTER + 2;
/// The threat terms: an enemy Knight, Bishop, Rook or Queen that Pawns attack (once however
/// many); an enemy Rook or Queen that a Knight or Bishop attacks; an enemy Queen that a Rook
/// attacks (once per attacker). Their values were set by hand, not fitted by the run that
/// `tuned.rs` names.
pub const THREAT: usize = SHELTER_OPEN_FILE + 1;
/// How many terms there are; [`VALUES`] holds twice as many numbers.
pub const TERMS: usize = THREAT + 3;

/// The typical number of squares a Knight, Bishop, Rook and Queen attacks (mobility counts
/// the squares beyond it; fixed, not a parameter).
pub const MOBILITY_TYPICAL: [i32; 4] = [4, 6, 7, 13];

/// The weight of every term: the middlegame weight of term `t` at `2 t`, the endgame one at
/// `2 t + 1` (from the tables of `tuned.rs`).
pub const VALUES: [i32; 2 * TERMS] = assemble(&super::tuned::TABLES);

/// The weights as readable tables, the form `tuned.rs` holds them in: each a (middlegame,
/// endgame) pair, the piece-square tables one per phase, seen from their own side, a1 first.
pub(super) struct Tables {
    /// Pawn, Knight, Bishop, Rook, Queen.
    pub(super) material: [(i32, i32); 5],
    pub(super) bishop_pair: (i32, i32),
    /// Pawn, Knight, Bishop, Rook, Queen, King.
    pub(super) pst_mg: [[i32; 64]; 6],
    pub(super) pst_eg: [[i32; 64]; 6],
    /// Knight, Bishop, Rook, Queen.
    pub(super) mobility: [(i32, i32); 4],
    /// By rank from the Pawn's own side, 1 to 8.
    pub(super) passed: [(i32, i32); 8],
    pub(super) isolated: (i32, i32),
    pub(super) doubled: (i32, i32),
    pub(super) rook_open: (i32, i32),
    pub(super) rook_half_open: (i32, i32),
    /// A Pawn one, then two ranks in front of the King.
    pub(super) shelter: [(i32, i32); 2],
    pub(super) shelter_open_file: (i32, i32),
    /// By a Pawn, by a Knight or Bishop, by a Rook.
    pub(super) threats: [(i32, i32); 3],
}

const fn set(v: &mut [i32; 2 * TERMS], term: usize, (mg, eg): (i32, i32)) {
    v[2 * term] = mg;
    v[2 * term + 1] = eg;
}

/// `t` in the order of [`VALUES`].
const fn assemble(t: &Tables) -> [i32; 2 * TERMS] {
    let mut v = [0; 2 * TERMS];
    let mut i = 0;
    while i < 5 {
        set(&mut v, MATERIAL + i, t.material[i]);
        i += 1;
    }
    set(&mut v, BISHOP_PAIR, t.bishop_pair);
    let mut r = 0;
    while r < 6 {
        let mut s = 0;
        while s < 64 {
            set(&mut v, PST + 64 * r + s, (t.pst_mg[r][s], t.pst_eg[r][s]));
            s += 1;
        }
        r += 1;
    }
    let mut i = 0;
    while i < 4 {
        set(&mut v, MOBILITY + i, t.mobility[i]);
        i += 1;
    }
    let mut i = 0;
    while i < 8 {
        set(&mut v, PASSED + i, t.passed[i]);
        i += 1;
    }
    set(&mut v, ISOLATED, t.isolated);
    set(&mut v, DOUBLED, t.doubled);
    set(&mut v, ROOK_OPEN, t.rook_open);
    set(&mut v, ROOK_HALF_OPEN, t.rook_half_open);
    set(&mut v, SHELTER, t.shelter[0]);
    set(&mut v, SHELTER + 1, t.shelter[1]);
    set(&mut v, SHELTER_OPEN_FILE, t.shelter_open_file);
    let mut i = 0;
    while i < 3 {
        set(&mut v, THREAT + i, t.threats[i]);
        i += 1;
    }
    v
}

macro_rules! squares {
    ($p:literal, $phase:literal) => {
        [
            concat!($p, " a1", " ", $phase),
            concat!($p, " b1", " ", $phase),
            concat!($p, " c1", " ", $phase),
            concat!($p, " d1", " ", $phase),
            concat!($p, " e1", " ", $phase),
            concat!($p, " f1", " ", $phase),
            concat!($p, " g1", " ", $phase),
            concat!($p, " h1", " ", $phase),
            concat!($p, " a2", " ", $phase),
            concat!($p, " b2", " ", $phase),
            concat!($p, " c2", " ", $phase),
            concat!($p, " d2", " ", $phase),
            concat!($p, " e2", " ", $phase),
            concat!($p, " f2", " ", $phase),
            concat!($p, " g2", " ", $phase),
            concat!($p, " h2", " ", $phase),
            concat!($p, " a3", " ", $phase),
            concat!($p, " b3", " ", $phase),
            concat!($p, " c3", " ", $phase),
            concat!($p, " d3", " ", $phase),
            concat!($p, " e3", " ", $phase),
            concat!($p, " f3", " ", $phase),
            concat!($p, " g3", " ", $phase),
            concat!($p, " h3", " ", $phase),
            concat!($p, " a4", " ", $phase),
            concat!($p, " b4", " ", $phase),
            concat!($p, " c4", " ", $phase),
            concat!($p, " d4", " ", $phase),
            concat!($p, " e4", " ", $phase),
            concat!($p, " f4", " ", $phase),
            concat!($p, " g4", " ", $phase),
            concat!($p, " h4", " ", $phase),
            concat!($p, " a5", " ", $phase),
            concat!($p, " b5", " ", $phase),
            concat!($p, " c5", " ", $phase),
            concat!($p, " d5", " ", $phase),
            concat!($p, " e5", " ", $phase),
            concat!($p, " f5", " ", $phase),
            concat!($p, " g5", " ", $phase),
            concat!($p, " h5", " ", $phase),
            concat!($p, " a6", " ", $phase),
            concat!($p, " b6", " ", $phase),
            concat!($p, " c6", " ", $phase),
            concat!($p, " d6", " ", $phase),
            concat!($p, " e6", " ", $phase),
            concat!($p, " f6", " ", $phase),
            concat!($p, " g6", " ", $phase),
            concat!($p, " h6", " ", $phase),
            concat!($p, " a7", " ", $phase),
            concat!($p, " b7", " ", $phase),
            concat!($p, " c7", " ", $phase),
            concat!($p, " d7", " ", $phase),
            concat!($p, " e7", " ", $phase),
            concat!($p, " f7", " ", $phase),
            concat!($p, " g7", " ", $phase),
            concat!($p, " h7", " ", $phase),
            concat!($p, " a8", " ", $phase),
            concat!($p, " b8", " ", $phase),
            concat!($p, " c8", " ", $phase),
            concat!($p, " d8", " ", $phase),
            concat!($p, " e8", " ", $phase),
            concat!($p, " f8", " ", $phase),
            concat!($p, " g8", " ", $phase),
            concat!($p, " h8", " ", $phase),
        ]
    };
}

const fn put(
    names: &mut [&'static str; 2 * TERMS],
    term: usize,
    mg: &'static str,
    eg: &'static str,
) {
    names[2 * term] = mg;
    names[2 * term + 1] = eg;
}

/// The name of every number of [`VALUES`], in its order.
pub const NAMES: [&str; 2 * TERMS] = {
    let mut n = [""; 2 * TERMS];
    put(&mut n, MATERIAL, "pawn mg", "pawn eg");
    put(&mut n, MATERIAL + 1, "knight mg", "knight eg");
    put(&mut n, MATERIAL + 2, "bishop mg", "bishop eg");
    put(&mut n, MATERIAL + 3, "rook mg", "rook eg");
    put(&mut n, MATERIAL + 4, "queen mg", "queen eg");
    put(&mut n, BISHOP_PAIR, "bishop pair mg", "bishop pair eg");
    let tables: [([&str; 64], [&str; 64]); 6] = [
        (squares!("pawn", "mg"), squares!("pawn", "eg")),
        (squares!("knight", "mg"), squares!("knight", "eg")),
        (squares!("bishop", "mg"), squares!("bishop", "eg")),
        (squares!("rook", "mg"), squares!("rook", "eg")),
        (squares!("queen", "mg"), squares!("queen", "eg")),
        (squares!("king", "mg"), squares!("king", "eg")),
    ];
    let mut r = 0;
    while r < 6 {
        let mut s = 0;
        while s < 64 {
            put(&mut n, PST + 64 * r + s, tables[r].0[s], tables[r].1[s]);
            s += 1;
        }
        r += 1;
    }
    put(&mut n, MOBILITY, "knight mobility mg", "knight mobility eg");
    put(
        &mut n,
        MOBILITY + 1,
        "bishop mobility mg",
        "bishop mobility eg",
    );
    put(&mut n, MOBILITY + 2, "rook mobility mg", "rook mobility eg");
    put(
        &mut n,
        MOBILITY + 3,
        "queen mobility mg",
        "queen mobility eg",
    );
    let passed = [
        ("passed 1 mg", "passed 1 eg"),
        ("passed 2 mg", "passed 2 eg"),
        ("passed 3 mg", "passed 3 eg"),
        ("passed 4 mg", "passed 4 eg"),
        ("passed 5 mg", "passed 5 eg"),
        ("passed 6 mg", "passed 6 eg"),
        ("passed 7 mg", "passed 7 eg"),
        ("passed 8 mg", "passed 8 eg"),
    ];
    let mut r = 0;
    while r < 8 {
        put(&mut n, PASSED + r, passed[r].0, passed[r].1);
        r += 1;
    }
    put(&mut n, ISOLATED, "isolated mg", "isolated eg");
    put(&mut n, DOUBLED, "doubled mg", "doubled eg");
    put(&mut n, ROOK_OPEN, "rook open file mg", "rook open file eg");
    put(
        &mut n,
        ROOK_HALF_OPEN,
        "rook half-open file mg",
        "rook half-open file eg",
    );
    put(&mut n, SHELTER, "shelter 1 mg", "shelter 1 eg");
    put(&mut n, SHELTER + 1, "shelter 2 mg", "shelter 2 eg");
    put(
        &mut n,
        SHELTER_OPEN_FILE,
        "shelter open file mg",
        "shelter open file eg",
    );
    put(&mut n, THREAT, "threat by pawn mg", "threat by pawn eg");
    put(
        &mut n,
        THREAT + 1,
        "threat by minor mg",
        "threat by minor eg",
    );
    put(&mut n, THREAT + 2, "threat by rook mg", "threat by rook eg");
    n
};
