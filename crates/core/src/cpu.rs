//! The code path chosen at run time: the portable one, or the one compiled for the
//! x86-64-v3 instruction set (POPCNT, BMI1/BMI2 with `PEXT`, LZCNT, AVX2, ...) on a CPU that
//! has it.
//!
//! A release build for baseline x86-64 (what `cargo build --release`, `cargo install` and the
//! Python wheel make) cannot use those instructions everywhere, but it can hold a second copy
//! of the hot code compiled for them and choose once per call:
//!
//! - [`detected`] says, once per process, whether the CPU has every feature of [`X86V3`]
//!   (`is_x86_feature_detected!`), unless the environment variable `DIMCHESS_CPU` is
//!   `portable`, which forces the portable path (for tests and comparisons).
//! - A value of a [`Cpu`] type is the proof that its code may run here: [`Portable`] always,
//!   [`X86V3`] only as returned by [`detected`].
//! - [`Cpu::run`] runs a closure compiled with that CPU's features: everything the closure
//!   inlines (the move generator, its table lookups, the population counts) is compiled for
//!   them. Calls the closure does not inline are compiled once, portably.
//! - [`Cpu::PEXT`] tells generic code, at compile time, whether the slider lookups may index
//!   by `PEXT` ([`crate::board8::rook_on`]).
//!
//! Perft ([`crate::perft`]) dispatches by itself: its recursion runs inside [`Cpu::run`] and
//! calls [`Position::count_legal_moves_on`](crate::Position::count_legal_moves_on) and
//! [`Position::for_each_child_on`](crate::Position::for_each_child_on).
//!
//! ```
//! use dimchess_core::cpu::{self, Cpu, Portable};
//! let n = match cpu::detected() {
//!     Some(v3) => v3.run(|| (0..100u64).map(u64::count_ones).sum::<u32>()),
//!     None => Portable.run(|| (0..100u64).map(u64::count_ones).sum::<u32>()),
//! };
//! assert_eq!(n, 316); // the set bits of 0 to 99
//! ```
//!
//! In a build whose target already has the features (`-C target-cpu=x86-64-v3` or
//! `native`), the portable path is that build's own code and no second copy is needed:
//! [`detected`] then returns `None`.

/// A CPU the hot code may be compiled for. A value of the type is the proof that the running
/// CPU has its features.
pub trait Cpu: Copy + Send + Sync + 'static {
    /// Whether [`Cpu::pext`] is the hardware instruction (BMI2), so that slider tables index
    /// by it.
    const PEXT: bool;

    /// The bits of `x` at the set bits of `mask`, packed low. Meant to be called only when
    /// [`Cpu::PEXT`] holds (otherwise a slow loop).
    fn pext(self, x: u64, mask: u64) -> u64;

    /// Runs `f` compiled with this CPU's features (what `f` inlines).
    fn run<R>(self, f: impl FnOnce() -> R) -> R;
}

/// The code every build runs: compiled for the build's target, nothing detected.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Portable;

/// Whether the build's own target has BMI2 (then [`Portable`] uses `PEXT` too).
const BUILD_PEXT: bool = cfg!(all(target_arch = "x86_64", target_feature = "bmi2"));

impl Cpu for Portable {
    const PEXT: bool = BUILD_PEXT;

    #[inline(always)]
    fn pext(self, x: u64, mask: u64) -> u64 {
        #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
        #[allow(unsafe_code)]
        // SAFETY: `_pext_u64` needs BMI2, and this build's target has it (the `cfg`): the
        // program runs only on such CPUs.
        unsafe {
            core::arch::x86_64::_pext_u64(x, mask)
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
        pext_soft(x, mask)
    }

    #[inline(always)]
    fn run<R>(self, f: impl FnOnce() -> R) -> R {
        f()
    }
}

/// `PEXT` in software: the bits of `x` at the set bits of `mask`, packed low.
#[inline]
pub const fn pext_soft(x: u64, mask: u64) -> u64 {
    let mut out = 0;
    let mut m = mask;
    let mut bit = 0;
    while m != 0 {
        let low = m & m.wrapping_neg();
        if x & low != 0 {
            out |= 1 << bit;
        }
        bit += 1;
        m &= m - 1;
    }
    out
}

/// The x86-64-v3 level (Haswell and Zen on): POPCNT, BMI1, BMI2, LZCNT, MOVBE, FMA, AVX and
/// AVX2 besides SSE4.2. Only [`detected`] makes one, after checking the CPU.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct X86V3 {
    _detected: (),
}

/// The features of [`X86V3`], as `#[target_feature]` and `is_x86_feature_detected!` name
/// them (x86-64-v3 less `xsave` and `f16c`, which the hot code does not use).
pub const X86V3_FEATURES: &str =
    "popcnt,sse3,ssse3,sse4.1,sse4.2,avx,avx2,bmi1,bmi2,lzcnt,movbe,fma";

#[cfg(target_arch = "x86_64")]
fn cpu_has_v3() -> bool {
    use std::arch::is_x86_feature_detected as has;
    has!("popcnt")
        && has!("sse3")
        && has!("ssse3")
        && has!("sse4.1")
        && has!("sse4.2")
        && has!("avx")
        && has!("avx2")
        && has!("bmi1")
        && has!("bmi2")
        && has!("lzcnt")
        && has!("movbe")
        && has!("fma")
}

#[cfg(not(target_arch = "x86_64"))]
fn cpu_has_v3() -> bool {
    false
}

/// Whether the build's target already has every feature of [`X86V3`] (then the portable path
/// is as fast, and no second copy is run).
const BUILD_HAS_V3: bool = cfg!(all(
    target_arch = "x86_64",
    target_feature = "popcnt",
    target_feature = "avx2",
    target_feature = "bmi1",
    target_feature = "bmi2",
    target_feature = "lzcnt",
    target_feature = "fma",
    target_feature = "movbe"
));

/// The choice, made once: 0 not yet made, 1 portable, 2 x86-64-v3.
static CHOICE: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(0);

/// What the environment variable `DIMCHESS_CPU` asks for: `portable` forces the portable
/// path; unset, empty or `auto`, the fastest the CPU runs. Anything else is read as `auto`.
fn forced_portable() -> bool {
    std::env::var_os("DIMCHESS_CPU").is_some_and(|v| v.eq_ignore_ascii_case("portable"))
}

/// The x86-64-v3 path if this process should run it: the CPU has every feature of
/// [`X86V3`], the build's target lacks some (else the portable path is the same code), and
/// `DIMCHESS_CPU` is not `portable`. Decided at the first call (reading the environment and
/// `CPUID`); later calls cost one load.
#[inline]
pub fn detected() -> Option<X86V3> {
    match CHOICE.load(std::sync::atomic::Ordering::Relaxed) {
        2 => Some(X86V3 { _detected: () }),
        1 => None,
        _ => detect_now(),
    }
}

#[cold]
fn detect_now() -> Option<X86V3> {
    let v3 = !BUILD_HAS_V3 && !forced_portable() && cpu_has_v3();
    CHOICE.store(if v3 { 2 } else { 1 }, std::sync::atomic::Ordering::Relaxed);
    v3.then_some(X86V3 { _detected: () })
}

/// The name of the path [`detected`] chooses: `"x86-64-v3"` or `"portable"`.
pub fn path_name() -> &'static str {
    if detected().is_some() {
        "x86-64-v3"
    } else {
        "portable"
    }
}

impl Cpu for X86V3 {
    const PEXT: bool = cfg!(target_arch = "x86_64");

    #[inline(always)]
    fn pext(self, x: u64, mask: u64) -> u64 {
        #[cfg(target_arch = "x86_64")]
        #[allow(unsafe_code)]
        // SAFETY: `_pext_u64` needs BMI2; a value of `X86V3` exists only when `detected`
        // found it on this CPU.
        unsafe {
            core::arch::x86_64::_pext_u64(x, mask)
        }
        #[cfg(not(target_arch = "x86_64"))]
        pext_soft(x, mask)
    }

    #[inline(always)]
    fn run<R>(self, f: impl FnOnce() -> R) -> R {
        #[cfg(target_arch = "x86_64")]
        #[allow(unsafe_code)]
        // SAFETY: `run_v3` is compiled for the features of `X86V3`; a value of `X86V3` exists
        // only when `detected` found all of them on this CPU.
        unsafe {
            run_v3(f)
        }
        #[cfg(not(target_arch = "x86_64"))]
        f()
    }
}

/// `f`, compiled with the x86-64-v3 features: what `f` inlines is compiled for them.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,sse3,ssse3,sse4.1,sse4.2,avx,avx2,bmi1,bmi2,lzcnt,movbe,fma")]
#[inline]
fn run_v3<R>(f: impl FnOnce() -> R) -> R {
    f()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pext_soft_packs_the_masked_bits() {
        assert_eq!(pext_soft(0b1011_0110, 0b1111_0000), 0b1011);
        assert_eq!(pext_soft(u64::MAX, 0x8000_0000_0000_0001), 0b11);
    }

    #[test]
    fn both_paths_agree() {
        let f = || (1..2000u64).map(|x| (x * x).count_ones()).sum::<u32>();
        let portable = Portable.run(f);
        if let Some(v3) = detected() {
            assert_eq!(v3.run(f), portable);
            assert_eq!(v3.pext(0b1011_0110, 0b1111_0000), 0b1011);
        }
        assert_eq!(Portable.pext(0b1011_0110, 0b1111_0000), 0b1011);
    }
}
