/* tafel-rules.h: the one rules interface every game implements
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * This is the plain-C core contract.  A game is a table of functions over a
 * small fixed-size state (copied by value, no allocation).  Everything that
 * is written once for all games — the match, the AI worker, the board
 * widget, the save format and the command line — talks to a game only
 * through a TafelRules.
 *
 * Moves are click paths: the sequence of targets a person touches.
 *  - Tic-Tac-Toe, Infinity: one cell (0..8, row by row from the top left).
 *  - Connect Four: one column (0..6, left to right).
 *  - Mill: the target point of a placement, or from and to of a move,
 *    followed by the point of the removed stone when the move closes a mill
 *    (two where a double mill counts double).
 */
#pragma once

#include <glib.h>
#include <gio/gio.h>

#include "tafel-board.h"
#include "tafel-data.h"

G_BEGIN_DECLS

typedef enum {
  TAFEL_GAME_INFINITY,
  TAFEL_GAME_TICTACTOE,
  TAFEL_GAME_CONNECT_FOUR,
  TAFEL_GAME_MILL,
} TafelGame;

#define TAFEL_N_GAMES 4

/* Sides: the side that moves first in a game is 0 (X, Red, White). */
#define TAFEL_SIDE_NONE (-1)

#define TAFEL_MAX_PATH 4
/* Enough for any position of any game (Mill with removals included). */
#define TAFEL_MAX_MOVES 640
#define TAFEL_STATE_SIZE 64
#define TAFEL_MAX_MARKS 16

typedef struct {
  guint8 len;
  guint8 path[TAFEL_MAX_PATH];
} TafelMove;

/* The state of any game: each game overlays its own struct on it. */
typedef union {
  guint64 align_;
  guint8 bytes[TAFEL_STATE_SIZE];
} TafelState;

/* What make() needs to be undone exactly by unmake(). */
typedef union {
  guint64 align_;
  guint8 bytes[32];
} TafelUndo;

typedef enum {
  TAFEL_STATUS_RUNNING,
  TAFEL_STATUS_WON,
  TAFEL_STATUS_DRAWN,
} TafelStatus;

typedef struct {
  TafelStatus status;
  int winner;                         /* side, or TAFEL_SIDE_NONE */
  guint n_marks;                      /* board points of the win to mark */
  guint8 marks[TAFEL_MAX_MARKS];
  guint n_lines;                      /* winning lines, indexes into board->lines */
  guint8 lines[4];
} TafelOutcome;

/* What a point shows, for drawing and for screen readers. */
typedef enum {
  TAFEL_POINT_EMPTY = 0,
  TAFEL_POINT_SIDE0 = 1,
  TAFEL_POINT_SIDE1 = 2,
} TafelPointOwner;

typedef enum {
  TAFEL_POINT_FLAG_NONE = 0,
  TAFEL_POINT_FLAG_VANISHES_NEXT = 1 << 0,  /* Infinity: drawn faded */
  TAFEL_POINT_FLAG_SELECTED = 1 << 1,       /* picked up for a move */
} TafelPointFlags;

typedef struct {
  guint8 owner;      /* TafelPointOwner */
  guint8 flags;      /* TafelPointFlags */
} TafelPointInfo;

/* Exact knowledge about a position, where a game can give it. */
typedef enum {
  TAFEL_VALUE_UNKNOWN,
  TAFEL_VALUE_WIN,     /* for the side to move */
  TAFEL_VALUE_LOSS,
  TAFEL_VALUE_DRAW,
} TafelValue;

typedef struct {
  TafelValue value;
  int plies;                          /* to the end with best play (win/loss) */
  guint n_best;
  TafelMove best[TAFEL_MAX_MOVES];    /* every optimal move, in legal-move order */
  gboolean has_score;                 /* game-specific score (Connect Four) */
  int score;
  gboolean has_eval;                  /* heuristic evaluation (Mill) */
  int eval;
} TafelAnalysis;

typedef enum {
  TAFEL_LEVEL_RELAXED,
  TAFEL_LEVEL_MEDIUM,
  TAFEL_LEVEL_HARD,
  TAFEL_LEVEL_IMPOSSIBLE,
} TafelLevel;

#define TAFEL_N_LEVELS 4

/* Earlier positions of the game, oldest first, for repetition rules. */
typedef struct {
  const guint64 *hashes;
  gsize n;
} TafelHistory;

/* What a game can do beyond the required functions (the optional
 * functions below are capabilities too: NULL where a game lacks them). */
typedef enum {
  TAFEL_RULES_EXACT = 1 << 0,   /* analyze () knows the exact value of every position */
} TafelRulesFlags;

typedef struct _TafelRules TafelRules;

/* A game's computer player: the search tables it keeps from one request
 * to the next (Connect Four's solver and its table, Mill's search
 * table).  A game that keeps tables makes its players with
 * rules->player_new and puts this struct first in its own; the small
 * games keep nothing of their own (their solved tables are built once
 * per process and only read), and have no players.  A player serves one
 * thread at a time; its tables are allocated when first needed.  A
 * player serves every variant of its game (@rules is the default's). */
typedef struct _TafelPlayer TafelPlayer;

struct _TafelPlayer {
  const TafelRules *rules;
};

struct _TafelRules {
  TafelGame game;
  const char *key;                    /* "infinity", "tictactoe", ... */
  /* A game with variants (Mill) has a rules table for each, all with the
   * game's key: the variant's key ("nine", "twelve"), its title (marked
   * NC_("variant", …), see tafel_rules_get_variant_title ()) and the id its statistics and
   * saves are kept by (NULL: the key; see tafel_rules_get_id ()).  NULL
   * for the games without variants. */
  const char *variant;
  const char *variant_title;
  const char *id;
  /* Marked with N_() for translation; tafel_rules_get_title () and
   * tafel_rules_get_side_name () translate.  The command line writes the
   * side names untranslated. */
  const char *title;                  /* "Connect Four" */
  const char *side_names[2];          /* "Red", "Yellow" */
  const char *draw_text;              /* how a drawn game is announced */
  TafelRulesFlags flags;
  const TafelBoard *board;

  void     (*init)         (TafelState *state);
  int      (*side_to_move) (const TafelState *state);
  /* Number of half-moves played since the start. */
  guint    (*ply)          (const TafelState *state);
  /* Fills @moves (TAFEL_MAX_MOVES entries) and returns the count; no moves
   * when the game is over by the state alone. */
  guint    (*legal_moves)  (const TafelState *state, TafelMove *moves);
  void     (*make)         (TafelState *state, const TafelMove *move, TafelUndo *undo);
  void     (*unmake)       (TafelState *state, const TafelMove *move, const TafelUndo *undo);
  void     (*outcome)      (const TafelState *state, const TafelHistory *history,
                            TafelOutcome *outcome);
  guint64  (*hash)         (const TafelState *state);
  void     (*points)       (const TafelState *state, TafelPointInfo *info);

  /* Notation: reads one move at *cursor (leading blanks skipped) and
   * advances it; it need not check legality beyond what parsing needs. */
  gboolean (*parse_move)   (const TafelState *state, const char **cursor,
                            TafelMove *move, GError **error);
  void     (*format_move)  (const TafelState *state, const TafelMove *move,
                            GString *out);
  /* TRUE when the notation puts a blank between moves. */
  gboolean moves_separated;

  /* Optional: a new player (see TafelPlayer), freed with player_free;
   * NULL where the game keeps nothing between requests.  Making one
   * allocates no table yet, and cannot fail. */
  TafelPlayer *(*player_new)   (void);
  void         (*player_free)  (TafelPlayer *player);
  /* Nodes the player's searches have visited so far. */
  guint64      (*player_nodes) (TafelPlayer *player);

  /* The computer's functions take the @player that keeps their tables:
   * one of this game's players, or NULL where the caller has none (the
   * small games, or a single request): the game then uses a temporary
   * one for this call, which costs allocating its tables. */

  /* Exact analysis where the game knows it; may be NULL.  Returns FALSE when
   * cancelled. */
  gboolean (*analyze)      (TafelPlayer *player,
                            const TafelState *state, const TafelHistory *history,
                            TafelAnalysis *analysis, GCancellable *cancellable);
  /* The computer's move at @level, drawing randomness only from @rand. */
  gboolean (*choose_move)  (TafelPlayer *player,
                            const TafelState *state, const TafelHistory *history,
                            TafelLevel level, GRand *rand,
                            GCancellable *cancellable, TafelMove *move);

  /* Optional: thinking on the opponent's time at @level, for the answers
   * to come (kept in @player's tables: pointless without one); returns
   * when done or cancelled.  NULL where the game has nothing to prepare. */
  void     (*ponder)       (TafelPlayer *player,
                            const TafelState *state, const TafelHistory *history,
                            TafelLevel level, GCancellable *cancellable);

  /* Optional: the data files the game's strongest play reads (Connect
   * Four's opening book, Mill's endgame tables and opening book), so
   * that a program can say whether each was found; NULL-terminated.
   * NULL where a game reads none. */
  TafelDataFile *const *data_files;

  /* Optional: a position given as text (Mill: Sanmill's FEN); NULL where
   * the game has no such notation. */
  gboolean (*parse_position) (const char *text, TafelState *state, GError **error);
  /* Optional fast move-path count; NULL: the generic one over make/unmake. */
  guint64  (*perft)        (const TafelState *state, guint depth);

  /* Optional, for games with stones in hand and moves of several clicks
   * (Mill); NULL elsewhere. */
  guint    (*in_hand)      (const TafelState *state, int side);
  /* What the points show once the first @len targets of a move are
   * clicked (a placed stone, a lifted one). */
  void     (*preview)      (const TafelState *state, const guint8 *path,
                            guint len, TafelPointInfo *info);
  /* A translated sentence: what the side to move is to do next, given the
   * targets clicked so far ("Place a stone", "Remove a stone …"). */
  const char *(*prompt)    (const TafelState *state, const guint8 *path,
                            guint len);
  /* Optional, where some targets of a move may be clicked in any order
   * (a double mill's two removals): @move's path put in the order the
   * first @len targets clicked (@path) take, where the rules allow it;
   * otherwise @move as it is.  NULL: paths are clicked in their order. */
  void     (*click_order)  (const TafelState *state, const TafelMove *move,
                            const guint8 *path, guint len, TafelMove *out);
};

/* The names of the levels in settings and files: "relaxed" … "impossible". */
const char       *tafel_level_to_key       (TafelLevel  level);
gboolean          tafel_level_from_key     (const char *key,
                                            TafelLevel *level);

const TafelRules *tafel_rules_get          (TafelGame game);
const TafelRules *tafel_rules_lookup       (const char *key);
/* The games' keys in TafelGame order, NULL-terminated: "infinity", … */
const char *const *tafel_rules_keys        (void);
/* A game's variants, its default first (see TafelRules.variant). */
const TafelRules *const *tafel_rules_get_variants (TafelGame game);
const TafelRules *tafel_rules_get_variant  (TafelGame   game,
                                            const char *variant);
const char       *tafel_rules_get_id       (const TafelRules *rules);
const TafelRules *tafel_rules_lookup_id    (const char *id);
const char       *tafel_rules_get_variant_title (const TafelRules *rules);
const char       *tafel_rules_get_title    (const TafelRules *rules);
const char       *tafel_rules_get_side_name (const TafelRules *rules,
                                            int               side);

/* A player for @rules (NULL where the game has none, see TafelPlayer). */
TafelPlayer      *tafel_player_new         (const TafelRules *rules);
void              tafel_player_free        (TafelPlayer      *player);
/* Nodes searched by @player so far; 0 for NULL. */
guint64           tafel_player_get_nodes   (TafelPlayer      *player);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TafelPlayer, tafel_player_free)

gboolean          tafel_move_equal         (const TafelMove *a,
                                            const TafelMove *b);
gboolean          tafel_move_has_prefix    (const TafelMove *move,
                                            const guint8 *path,
                                            guint len);
gboolean          tafel_rules_is_legal     (const TafelRules *rules,
                                            const TafelState *state,
                                            const TafelMove *move);
char             *tafel_rules_format_move  (const TafelRules *rules,
                                            const TafelState *state,
                                            const TafelMove *move);
gboolean          tafel_rules_check_move   (const TafelRules *rules,
                                            const TafelState *state,
                                            const TafelHistory *history,
                                            const TafelMove  *move,
                                            guint             index,
                                            const char       *word,
                                            GError          **error);
gboolean          tafel_rules_parse_moves  (const TafelRules *rules,
                                            const char *text,
                                            TafelState *state,
                                            GArray *hashes,
                                            GError **error);
gboolean          tafel_rules_play_moves   (const TafelRules *rules,
                                            const char *text,
                                            TafelState *state,
                                            GArray *hashes,
                                            GError **error);

G_END_DECLS
