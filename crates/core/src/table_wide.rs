//! Attack tables of geometries of more than 64 cells built at compile time.
//!
//! The counterpart of [`table64`](crate::table64) for [`Bitboard<W>`] sets: the `const fn`
//! builders here make leap and ray tables from a geometry and vectors into `static`s, so a
//! variant on a fixed box (three-level's 8×8×3) pays no table building at start-up, no
//! lazy-initialisation check and no heap pointer or length on a lookup. The tables have `N`
//! entries, `N` at least the number of cells; with `N` a power of two, a lookup at
//! `cell & (N - 1)` needs no bounds check. Entries past the last cell are empty.
//!
//! ```
//! use dimchess_core::Bitboard192;
//! use dimchess_core::geometry::{Geometry, Vector};
//! use dimchess_core::table_wide::{leaps, rays, vector_set};
//! const G: Geometry = Geometry::new(&[8, 8, 3]);
//! const KNIGHT: [Vector; 24] = vector_set(3, &[2, 1]);
//! static N: [Bitboard192; 256] = leaps(&G, &KNIGHT);
//! assert_eq!(N[0].count(), 6); // 1a1: 1b3, 1c2, 2a3, 2c1, 3a2, 3b1
//! const ORTH: [Vector; 6] = vector_set(3, &[1]);
//! static R: [[Bitboard192; 6]; 256] = rays(&G, &ORTH);
//! assert_eq!(R[0].iter().map(|r| r.count()).sum::<u32>(), 7 + 7 + 2);
//! ```

use crate::bitboard::Bitboard;
use crate::geometry::{Geometry, MAX_AXES, Vector};

/// The vectors of [`vectors`](crate::geometry::vectors)`(axes, magnitudes)`, in the same
/// order, as an array of `N` (checked at compile time).
///
/// # Panics
/// If there are not exactly `N` such vectors, or `axes` is more than the geometry's maximum.
pub const fn vector_set<const N: usize>(axes: usize, magnitudes: &[i8]) -> [Vector; N] {
    assert!(axes <= MAX_AXES && magnitudes.len() <= axes);
    // The wanted absolute values, sorted (insertion sort; at most four).
    let mut want = [0i8; MAX_AXES];
    let k = magnitudes.len();
    let mut i = 0;
    let mut span = 0;
    while i < k {
        let m = magnitudes[i].abs();
        if m > span {
            span = m;
        }
        let mut j = i;
        while j > 0 && want[j - 1] > m {
            want[j] = want[j - 1];
            j -= 1;
        }
        want[j] = m;
        i += 1;
    }
    assert!(k > 0, "no magnitudes");
    let side = (2 * span + 1) as usize;
    let mut total = 1;
    let mut a = 0;
    while a < axes {
        total *= side;
        a += 1;
    }
    let mut out = [[0i8; MAX_AXES]; N];
    let mut found = 0;
    let mut n = 0;
    while n < total {
        let mut v = [0i8; MAX_AXES];
        let mut rest = n;
        let mut a = 0;
        while a < axes {
            v[a] = (rest % side) as i8 - span;
            rest /= side;
            a += 1;
        }
        // The absolute values of the non-zero components, sorted, against `want`.
        let mut got = [0i8; MAX_AXES];
        let mut g = 0;
        let mut a = 0;
        while a < MAX_AXES {
            if v[a] != 0 {
                let m = v[a].abs();
                let mut j = g;
                while j > 0 && got[j - 1] > m {
                    got[j] = got[j - 1];
                    j -= 1;
                }
                got[j] = m;
                g += 1;
            }
            a += 1;
        }
        let mut same = g == k;
        let mut j = 0;
        while same && j < k {
            same = got[j] == want[j];
            j += 1;
        }
        if same {
            assert!(found < N, "more vectors than N");
            out[found] = v;
            found += 1;
        }
        n += 1;
    }
    assert!(found == N, "fewer vectors than N");
    out
}

/// The cells one leap of `vectors` away from each cell, in a table of `N` entries.
///
/// # Panics
/// At compile time if `N` is less than the number of cells or a `Bitboard<W>` is too small.
pub const fn leaps<const W: usize, const N: usize>(
    geometry: &Geometry,
    vectors: &[Vector],
) -> [Bitboard<W>; N] {
    assert!(geometry.cells() <= N && geometry.cells() <= 64 * W);
    let mut out = [Bitboard::<W>::EMPTY; N];
    let mut cell = 0;
    while cell < geometry.cells() {
        let mut i = 0;
        while i < vectors.len() {
            if let Some(t) = geometry.offset(cell, vectors[i]) {
                out[cell].0[t / 64] |= 1 << (t % 64);
            }
            i += 1;
        }
        cell += 1;
    }
    out
}

/// Per cell and direction, the whole ray from the cell along the direction (to the edge,
/// blockers ignored), in a table of `N` entries; direction `d` is `directions[d]`.
///
/// # Panics
/// At compile time if `N` is less than the number of cells or a `Bitboard<W>` is too small.
pub const fn rays<const W: usize, const N: usize, const D: usize>(
    geometry: &Geometry,
    directions: &[Vector; D],
) -> [[Bitboard<W>; D]; N] {
    assert!(geometry.cells() <= N && geometry.cells() <= 64 * W);
    let mut out = [[Bitboard::<W>::EMPTY; D]; N];
    let mut cell = 0;
    while cell < geometry.cells() {
        let mut d = 0;
        while d < D {
            let mut cur = cell;
            while let Some(next) = geometry.offset(cur, directions[d]) {
                out[cell][d].0[next / 64] |= 1 << (next % 64);
                cur = next;
            }
            d += 1;
        }
        cell += 1;
    }
    out
}

/// Per cell, the union of the rays of directions `from..to` of a [`rays`] table.
pub const fn ray_union<const W: usize, const N: usize, const D: usize>(
    rays: &[[Bitboard<W>; D]; N],
    from: usize,
    to: usize,
) -> [Bitboard<W>; N] {
    let mut out = [Bitboard::<W>::EMPTY; N];
    let mut cell = 0;
    while cell < N {
        let mut d = from;
        while d < to {
            let mut w = 0;
            while w < W {
                out[cell].0[w] |= rays[cell][d].0[w];
                w += 1;
            }
            d += 1;
        }
        cell += 1;
    }
    out
}

/// Whether each direction goes towards higher cell indices (its index delta is positive).
///
/// # Panics
/// At compile time if a direction is zero.
pub const fn positive<const D: usize>(geometry: &Geometry, directions: &[Vector; D]) -> [bool; D] {
    let mut out = [false; D];
    let mut d = 0;
    while d < D {
        let mut delta = 0isize;
        let mut a = 0;
        while a < geometry.axes() {
            delta += directions[d][a] as isize * geometry.stride(a) as isize;
            a += 1;
        }
        assert!(delta != 0, "zero direction");
        out[d] = delta > 0;
        d += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attacks::{LeapTable, RayTable};
    use crate::geometry::vectors;

    const G: Geometry = Geometry::new(&[8, 8, 3]);
    const ORTH: [Vector; 6] = vector_set(3, &[1]);
    const DIAG: [Vector; 12] = vector_set(3, &[1, 1]);
    const KNIGHT: [Vector; 24] = vector_set(3, &[2, 1]);
    const TRIAG: [Vector; 8] = vector_set(3, &[1, 1, 1]);
    static KNIGHTS: [Bitboard<3>; 256] = leaps(&G, &KNIGHT);
    static DIAG_RAYS: [[Bitboard<3>; 12]; 256] = rays(&G, &DIAG);

    #[test]
    fn vector_sets_match_vectors() {
        assert_eq!(ORTH.to_vec(), vectors(3, &[1]));
        assert_eq!(DIAG.to_vec(), vectors(3, &[1, 1]));
        assert_eq!(KNIGHT.to_vec(), vectors(3, &[2, 1]));
        assert_eq!(TRIAG.to_vec(), vectors(3, &[1, 1, 1]));
        let four: [Vector; 8] = vector_set(4, &[1]);
        assert_eq!(four.to_vec(), vectors(4, &[1]));
        let twelve: [Vector; 8] = vector_set(2, &[1, 2]);
        assert_eq!(twelve.to_vec(), vectors(2, &[2, 1]));
    }

    #[test]
    fn tables_match_the_runtime_tables() {
        let knight = LeapTable::<3>::new(&G, &KNIGHT);
        let diag = RayTable::<3>::new(&G, &DIAG, None);
        let pos = positive(&G, &DIAG);
        let union = ray_union(&DIAG_RAYS, 0, 12);
        for c in G.all_cells() {
            assert_eq!(KNIGHTS[c], knight.get(c));
            for d in 0..12 {
                assert_eq!(DIAG_RAYS[c][d], diag.ray(c, d));
                assert_eq!(pos[d], diag.positive(d));
            }
            assert_eq!(union[c], diag.pseudo(c));
        }
        for c in G.cells()..256 {
            assert!(KNIGHTS[c].is_empty() && DIAG_RAYS[c].iter().all(|r| r.is_empty()));
        }
    }
}
