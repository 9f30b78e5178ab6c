//! Every variant's tunable parameters against its strength (issue 34): on positions of
//! random play, the strength with the current values is the strength, and the strength with
//! other values is what the linear model (features and residual) predicts, within the
//! variant's rounding. Features that disagree with the strength fail here.

use dimchess_any::core::tune::dot;
use dimchess_any::{Position, VARIANTS};

/// xorshift64*, for the random moves and values.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

#[test]
fn strength_is_the_linear_model_in_every_variant() {
    for v in VARIANTS {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ v.id.len() as u64);
        let (games, plies) = if v.id == "dimension-x" {
            (2, 30)
        } else {
            (6, 120)
        };
        let mut checked = 0;
        for _ in 0..games {
            let mut pos = v.start_position();
            for _ in 0..plies {
                let current: Vec<i32> = pos.tune_parameters().iter().map(|p| p.value).collect();
                let terms = pos.tune_terms();
                for (seat, (features, residual)) in terms.iter().enumerate() {
                    assert_eq!(features.len(), current.len(), "{}", v.id);
                    let strength = pos.strength(seat);
                    assert_eq!(pos.strength_with(seat, &current), strength, "{}", v.id);
                    assert_eq!(dot(&current, features) + residual, f64::from(strength));
                    for _ in 0..3 {
                        let values: Vec<i32> = current
                            .iter()
                            .map(|&c| c + (rng.next() % 201) as i32 - 100)
                            .collect();
                        let model = dot(&values, features) + residual;
                        let got = f64::from(pos.strength_with(seat, &values));
                        assert!(
                            (got - model).abs() <= f64::from(pos.tune_rounding()),
                            "{} seat {seat} in {}: strength {got}, model {model}",
                            v.id,
                            pos.text()
                        );
                    }
                    checked += 1;
                }
                if pos.outcome().is_some() {
                    break;
                }
                let moves = pos.moves_with_text();
                if moves.is_empty() {
                    break;
                }
                let mv = moves[(rng.next() % moves.len() as u64) as usize].0;
                pos.play(mv).unwrap();
            }
        }
        assert!(checked > 50, "{}: {checked} checks", v.id);
    }
}

#[test]
fn parameter_names_are_unique() {
    for v in VARIANTS {
        let params = v.start_position().tune_parameters();
        assert!(!params.is_empty(), "{}", v.id);
        for (i, p) in params.iter().enumerate() {
            assert!(
                params[..i].iter().all(|q| q.name != p.name),
                "{}: {}",
                v.id,
                p.name
            );
        }
    }
}
