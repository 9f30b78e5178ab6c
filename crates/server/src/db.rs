//! The games in SQLite: a versioned schema (migrations by `PRAGMA user_version`), one thread
//! that owns the connection and commits writes in groups (each write in a savepoint of its
//! own, one `fsync` for the group), and the rows a game is loaded from.
//!
//! A file database runs in WAL mode with `synchronous = FULL`: a commit has reached the disk
//! when [`Db::write`] answers, so a move acknowledged after it survives a `SIGKILL` of the
//! server (or a power cut).

use std::sync::mpsc;
use std::time::{SystemTime, UNIX_EPOCH};

use rusqlite::{Connection, OptionalExtension, params};
use tokio::sync::oneshot;

/// The schema, one migration per version: `MIGRATIONS[i]` takes the database from version `i`
/// to `i + 1`. Append, never edit.
const MIGRATIONS: &[&str] = &[
    // 1: games, their seats, their moves and the seats retired from four-player games.
    "CREATE TABLE games (
        id TEXT PRIMARY KEY,
        variant TEXT NOT NULL,
        start TEXT NOT NULL,
        base_ms INTEGER,
        inc_ms INTEGER,
        status TEXT NOT NULL,
        result TEXT,
        end_reason TEXT,
        end_winner INTEGER,
        draw_offers INTEGER NOT NULL DEFAULT 0,
        takeback INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
    );
    CREATE INDEX games_by_status ON games(status, updated_at);
    CREATE TABLE seats (
        game TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,
        movetime_ms INTEGER,
        token_hash BLOB,
        remaining_ms INTEGER,
        PRIMARY KEY (game, seat)
    ) WITHOUT ROWID;
    CREATE TABLE moves (
        game TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        ply INTEGER NOT NULL,
        text TEXT NOT NULL,
        seat INTEGER NOT NULL,
        clock_ms INTEGER,
        at INTEGER NOT NULL,
        PRIMARY KEY (game, ply)
    ) WITHOUT ROWID;
    CREATE TABLE retirements (
        game TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        ply INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        reason TEXT NOT NULL,
        PRIMARY KEY (game, ply, seat)
    ) WITHOUT ROWID;",
];

/// The schema version this build writes.
pub const SCHEMA_VERSION: usize = MIGRATIONS.len();

/// A write: runs inside a savepoint of the group's transaction.
type WriteFn = Box<dyn FnOnce(&Connection) -> rusqlite::Result<()> + Send>;
/// A read: runs on the database thread between groups of writes.
type ReadFn = Box<dyn FnOnce(&Connection) + Send>;

enum Job {
    Write(WriteFn, oneshot::Sender<Result<(), String>>),
    Read(ReadFn),
}

/// The database: a handle to the thread that owns the connection.
#[derive(Clone)]
pub struct Db {
    jobs: mpsc::Sender<Job>,
}

/// The most writes committed in one transaction.
const GROUP: usize = 256;

/// Milliseconds since the Unix epoch (wall time: stored for people and for archiving, never
/// used to measure a clock).
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

impl Db {
    /// Opens (or creates) the database at `path` (`:memory:`: a database in memory that keeps
    /// nothing after the process), brings its schema up to date and starts its thread.
    ///
    /// # Errors
    /// The file cannot be opened, its schema is newer than this build's, or a migration fails.
    pub fn open(path: &str) -> Result<Db, String> {
        let mut conn = Connection::open(path).map_err(|e| format!("open {path}: {e}"))?;
        configure(&conn, path != ":memory:").map_err(|e| format!("{path}: {e}"))?;
        migrate(&mut conn).map_err(|e| format!("{path}: {e}"))?;
        let (jobs, rx) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("dimchess-db".into())
            .spawn(move || run(conn, rx))
            .map_err(|e| format!("cannot start the database thread: {e}"))?;
        Ok(Db { jobs })
    }

    /// Runs `f` in a transaction and answers once it is committed (durably, for a file).
    ///
    /// # Errors
    /// The statement failed (the write is rolled back, the others of its group are kept), or
    /// the database thread is gone.
    pub async fn write(
        &self,
        f: impl FnOnce(&Connection) -> rusqlite::Result<()> + Send + 'static,
    ) -> Result<(), String> {
        let (tx, rx) = oneshot::channel();
        self.jobs
            .send(Job::Write(Box::new(f), tx))
            .map_err(|_| "the database is closed".to_string())?;
        rx.await
            .map_err(|_| "the database thread stopped".to_string())?
    }

    /// Runs `f` on the database's connection and answers its value.
    ///
    /// # Errors
    /// The database thread is gone.
    pub async fn read<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> T + Send + 'static,
    ) -> Result<T, String> {
        let (tx, rx) = oneshot::channel();
        self.jobs
            .send(Job::Read(Box::new(move |c| {
                let _ = tx.send(f(c));
            })))
            .map_err(|_| "the database is closed".to_string())?;
        rx.await
            .map_err(|_| "the database thread stopped".to_string())
    }
}

fn configure(conn: &Connection, file: bool) -> rusqlite::Result<()> {
    if file {
        // WAL: readers never block the writer; FULL: a commit is on disk when it returns.
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
    }
    conn.pragma_update(None, "foreign_keys", "ON")?;
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    Ok(())
}

/// Brings the schema to [`SCHEMA_VERSION`], one migration per transaction.
fn migrate(conn: &mut Connection) -> Result<(), String> {
    let version: i64 = conn
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .map_err(|e| e.to_string())?;
    let version = usize::try_from(version).map_err(|_| "negative schema version".to_string())?;
    if version > SCHEMA_VERSION {
        return Err(format!(
            "the database's schema is version {version}, newer than this build's ({SCHEMA_VERSION})"
        ));
    }
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(version) {
        let tx = conn.transaction().map_err(|e| e.to_string())?;
        tx.execute_batch(sql)
            .map_err(|e| format!("migration {}: {e}", i + 1))?;
        tx.pragma_update(
            None,
            "user_version",
            i64::try_from(i + 1).unwrap_or(i64::MAX),
        )
        .map_err(|e| e.to_string())?;
        tx.commit().map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// The database thread: reads run as they come; writes are grouped, up to [`GROUP`] of those
/// waiting, in one transaction with a savepoint each, so one `fsync` serves them all.
fn run(mut conn: Connection, rx: mpsc::Receiver<Job>) {
    let mut pending: Option<Job> = None;
    loop {
        let job = match pending.take() {
            Some(j) => j,
            None => match rx.recv() {
                Ok(j) => j,
                Err(_) => return,
            },
        };
        let (first, reply) = match job {
            Job::Read(f) => {
                f(&conn);
                continue;
            }
            Job::Write(f, reply) => (f, reply),
        };
        let mut group = vec![(first, reply)];
        while group.len() < GROUP {
            match rx.try_recv() {
                Ok(Job::Write(f, reply)) => group.push((f, reply)),
                Ok(read) => {
                    pending = Some(read);
                    break;
                }
                Err(_) => break,
            }
        }
        commit_group(&mut conn, group);
    }
}

type Pending = (WriteFn, oneshot::Sender<Result<(), String>>);

fn commit_group(conn: &mut Connection, group: Vec<Pending>) {
    let mut outcomes = Vec::with_capacity(group.len());
    let mut replies = Vec::with_capacity(group.len());
    let tx = match conn.transaction() {
        Ok(tx) => tx,
        Err(e) => {
            for (_, reply) in group {
                let _ = reply.send(Err(format!("database: {e}")));
            }
            return;
        }
    };
    let mut tx = tx;
    for (f, reply) in group {
        let outcome = match tx.savepoint() {
            Ok(mut sp) => match f(&sp) {
                Ok(()) => sp.commit().map_err(|e| e.to_string()),
                Err(e) => {
                    let _ = sp.rollback();
                    Err(e.to_string())
                }
            },
            Err(e) => Err(e.to_string()),
        };
        outcomes.push(outcome);
        replies.push(reply);
    }
    let committed = tx.commit().map_err(|e| format!("database commit: {e}"));
    for (outcome, reply) in outcomes.into_iter().zip(replies) {
        let answer = match (&committed, outcome) {
            (Err(e), _) => Err(e.clone()),
            (Ok(()), o) => o.map_err(|e| format!("database: {e}")),
        };
        let _ = reply.send(answer);
    }
}

/// A row of `games`.
#[derive(Clone, Debug, Default)]
pub struct GameRow {
    pub id: String,
    pub variant: String,
    pub start: String,
    pub base_ms: Option<i64>,
    pub inc_ms: Option<i64>,
    pub status: String,
    pub result: Option<String>,
    pub end_reason: Option<String>,
    pub end_winner: Option<i64>,
    pub draw_offers: i64,
    pub takeback: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
}

/// A row of `seats`.
#[derive(Clone, Debug, Default)]
pub struct SeatRow {
    pub seat: i64,
    pub kind: String,
    pub movetime_ms: Option<i64>,
    pub token_hash: Option<Vec<u8>>,
    pub remaining_ms: Option<i64>,
}

/// A row of `moves`.
#[derive(Clone, Debug)]
pub struct MoveRow {
    pub ply: i64,
    pub text: String,
    pub seat: i64,
    pub clock_ms: Option<i64>,
}

/// A row of `retirements`.
#[derive(Clone, Debug)]
pub struct RetireRow {
    pub ply: i64,
    pub seat: i64,
    pub reason: String,
}

/// Everything stored about one game.
#[derive(Clone, Debug)]
pub struct Stored {
    pub game: GameRow,
    pub seats: Vec<SeatRow>,
    pub moves: Vec<MoveRow>,
    pub retirements: Vec<RetireRow>,
}

/// Inserts a new game and its seats.
pub fn insert_game(c: &Connection, g: &GameRow, seats: &[SeatRow]) -> rusqlite::Result<()> {
    c.execute(
        "INSERT INTO games (id, variant, start, base_ms, inc_ms, status, result, end_reason,
            end_winner, draw_offers, takeback, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
        params![
            g.id,
            g.variant,
            g.start,
            g.base_ms,
            g.inc_ms,
            g.status,
            g.result,
            g.end_reason,
            g.end_winner,
            g.draw_offers,
            g.takeback,
            g.created_at,
            g.updated_at
        ],
    )?;
    let mut st = c.prepare_cached(
        "INSERT INTO seats (game, seat, kind, movetime_ms, token_hash, remaining_ms)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?;
    for s in seats {
        st.execute(params![
            g.id,
            s.seat,
            s.kind,
            s.movetime_ms,
            s.token_hash,
            s.remaining_ms
        ])?;
    }
    Ok(())
}

/// Loads one game, or `None`.
pub fn load(c: &Connection, id: &str) -> rusqlite::Result<Option<Stored>> {
    let game = c
        .query_row(
            "SELECT id, variant, start, base_ms, inc_ms, status, result, end_reason, end_winner,
                draw_offers, takeback, created_at, updated_at FROM games WHERE id = ?1",
            [id],
            |r| {
                Ok(GameRow {
                    id: r.get(0)?,
                    variant: r.get(1)?,
                    start: r.get(2)?,
                    base_ms: r.get(3)?,
                    inc_ms: r.get(4)?,
                    status: r.get(5)?,
                    result: r.get(6)?,
                    end_reason: r.get(7)?,
                    end_winner: r.get(8)?,
                    draw_offers: r.get(9)?,
                    takeback: r.get(10)?,
                    created_at: r.get(11)?,
                    updated_at: r.get(12)?,
                })
            },
        )
        .optional()?;
    let Some(game) = game else { return Ok(None) };
    let mut st = c.prepare_cached(
        "SELECT seat, kind, movetime_ms, token_hash, remaining_ms FROM seats
         WHERE game = ?1 ORDER BY seat",
    )?;
    let seats = st
        .query_map([id], |r| {
            Ok(SeatRow {
                seat: r.get(0)?,
                kind: r.get(1)?,
                movetime_ms: r.get(2)?,
                token_hash: r.get(3)?,
                remaining_ms: r.get(4)?,
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let mut st = c.prepare_cached(
        "SELECT ply, text, seat, clock_ms FROM moves WHERE game = ?1 ORDER BY ply",
    )?;
    let moves = st
        .query_map([id], |r| {
            Ok(MoveRow {
                ply: r.get(0)?,
                text: r.get(1)?,
                seat: r.get(2)?,
                clock_ms: r.get(3)?,
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let mut st = c.prepare_cached(
        "SELECT ply, seat, reason FROM retirements WHERE game = ?1 ORDER BY ply, seat",
    )?;
    let retirements = st
        .query_map([id], |r| {
            Ok(RetireRow {
                ply: r.get(0)?,
                seat: r.get(1)?,
                reason: r.get(2)?,
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(Some(Stored {
        game,
        seats,
        moves,
        retirements,
    }))
}

/// The ids of the unfinished games, the most recently changed first.
pub fn live_ids(c: &Connection) -> rusqlite::Result<Vec<String>> {
    let mut st =
        c.prepare("SELECT id FROM games WHERE status = 'live' ORDER BY updated_at DESC")?;
    st.query_map([], |r| r.get(0))?.collect()
}

/// Marks the unfinished games with no change since `before` (Unix ms) as archived; their ids.
pub fn archive_idle(c: &Connection, before: i64, result: &str) -> rusqlite::Result<Vec<String>> {
    let mut st = c.prepare(
        "UPDATE games SET status = 'archived', result = ?2, end_reason = 'archived'
         WHERE status = 'live' AND updated_at < ?1 RETURNING id",
    )?;
    st.query_map(params![before, result], |r| r.get(0))?
        .collect()
}
