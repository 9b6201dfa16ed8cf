/* test-mill-book.c: the Mill opening book
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The positions a book covers are counted here with the board's 16
 * symmetries written out from its geometry (the square's eight, with and
 * without swapping the inner and the outer square), which shares nothing
 * with the engine's symmetries (found as permutations that keep the
 * mills).  Small books are made here by the builder; the source tree's
 * book (TAFEL_MILL_BOOK) must be whole and agree with the rules.
 */
#include "config.h"

#include <string.h>

#include "tafel-error.h"
#include "tafel-games.h"
#include "tafel-mill.h"
#include "tafel-mill-book.h"
#include "tafel-mill-book-build.h"
#include "tafel-mill-egtb.h"
#include "tafel-mill-search.h"

static const char *const names[TAFEL_MILL_POINTS] = {
  "a1", "a4", "a7", "b2", "b4", "b6", "c3", "c4", "c5", "d1", "d2", "d3",
  "d5", "d6", "d7", "e3", "e4", "e5", "f2", "f4", "f6", "g1", "g4", "g7",
};

static guint8 sym[16][TAFEL_MILL_POINTS];

static int
point_at (int x,
          int y)
{
  char name[3] = { (char) ('a' + x), (char) ('1' + y), '\0' };

  for (int p = 0; p < TAFEL_MILL_POINTS; p++)
    if (strcmp (names[p], name) == 0)
      return p;
  return -1;
}

/* The square's eight symmetries about d4, each with and without the swap
 * of the inner and outer squares (a point at distance 1 from d4 goes to
 * distance 3 on the same ray, and back). */
static void
make_symmetries (void)
{
  for (int g = 0; g < 16; g++)
    for (int p = 0; p < TAFEL_MILL_POINTS; p++)
      {
        int x = names[p][0] - 'a' - 3, y = names[p][1] - '1' - 3;
        int d = MAX (ABS (x), ABS (y)), t;

        if (g & 1)
          x = -x;
        if (g & 2)
          y = -y;
        if (g & 4)
          t = x, x = y, y = t;
        if ((g & 8) && d != 2)
          x = x * (4 - d) / d, y = y * (4 - d) / d;
        sym[g][p] = (guint8) point_at (x + 3, y + 3);
        g_assert_cmpint (sym[g][p], >=, 0);
      }
}

static guint32
image (int     g,
       guint32 stones)
{
  guint32 out = 0;

  for (int p = 0; p < TAFEL_MILL_POINTS; p++)
    if (stones & (1u << p))
      out |= 1u << sym[g][p];
  return out;
}

static guint64
class_of (guint32 white,
          guint32 black)
{
  guint64 best = G_MAXUINT64;

  for (int g = 0; g < 16; g++)
    best = MIN (best, (guint64) image (g, white) << 24 | image (g, black));
  return best;
}

static TafelState
play (const char *moves)
{
  TafelState state;
  g_autoptr(GError) error = NULL;

  g_assert_true (tafel_rules_parse_moves (&tafel_mill_rules, moves, &state, NULL, &error));
  g_assert_no_error (error);
  return state;
}

/* The next larger set of as many points (Gosper). */
static guint32
next_set (guint32 x)
{
  guint32 u = x & -x, v = x + u;

  return v + (((v ^ x) / u) >> 2);
}

/* Classes of positions with exactly @k stones placed and none taken:
 * every set of White's and Black's points without a mill (closing one
 * while placing takes a stone). */
static guint
count_classes (int k)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  const TafelMillTables *t = tafel_mill_tables ();
  int w = (k + 1) / 2, b = k / 2;

  for (guint32 white = (1u << w) - 1; white < (1u << TAFEL_MILL_POINTS);
       white = w > 0 ? next_set (white) : 1u << TAFEL_MILL_POINTS)
    {
      gboolean mill = FALSE;

      for (guint m = 0; m < t->n_mills; m++)
        mill |= (white & t->mills[m]) == t->mills[m];
      if (mill)
        continue;
      for (guint32 black = (1u << b) - 1; black < (1u << TAFEL_MILL_POINTS);
           black = b > 0 ? next_set (black) : 1u << TAFEL_MILL_POINTS)
        {
          guint64 key;

          if (black & white)
            continue;
          key = class_of (white, black);
          if (!g_hash_table_contains (seen, &key))
            g_hash_table_add (seen, g_memdup2 (&key, sizeof key));
        }
    }
  return g_hash_table_size (seen);
}

static void
test_positions (void)
{
  guint total = 0;

  for (int k = 0; k <= 3; k++)
    {
      g_autoptr(GPtrArray) positions = tafel_mill_book_positions (k);
      g_autoptr(GHashTable) seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);

      total += count_classes (k);
      g_assert_cmpuint (positions->len, ==, total);
      for (guint i = 0; i < positions->len; i++)
        {
          TafelState state = play (g_ptr_array_index (positions, i));
          const TafelMillState *s = TAFEL_MILL_CSTATE (&state);
          guint64 key = class_of (s->stones[0], s->stones[1]);

          g_assert_false (g_hash_table_contains (seen, &key));
          g_hash_table_add (seen, g_memdup2 (&key, sizeof key));
        }
    }
  /* 1 + 4 + 46 + 428 */
  g_assert_cmpuint (total, ==, 479);
}

/* Every position of up to two placements, and every symmetric image of
 * each: the book's move is legal, and the images' moves lead to images of
 * one another. */
static void
check_book_two (const TafelMillBook *book)
{
  TafelMove first[TAFEL_MAX_MOVES], second[TAFEL_MAX_MOVES];
  TafelState start;
  guint n, checked = 0;

  tafel_mill_rules.init (&start);
  n = tafel_mill_rules.legal_moves (&start, first);
  for (guint i = 0; i <= n; i++)
    {
      TafelState one = start;
      TafelUndo undo;
      guint k = 0;

      if (i < n)
        {
          tafel_mill_rules.make (&one, &first[i], &undo);
          k = tafel_mill_rules.legal_moves (&one, second);
        }
      for (guint j = 0; j <= k; j++)
        {
          TafelState pos = one;
          const TafelMillState *s = TAFEL_MILL_CSTATE (&pos);
          TafelMillBookEntry entry;
          TafelState child;
          guint64 child_class;

          if (j < k)
            tafel_mill_rules.make (&pos, &second[j], &undo);
          g_assert_true (tafel_mill_book_lookup (book, s, &entry));
          g_assert_true (tafel_rules_is_legal (&tafel_mill_rules, &pos, &entry.move));
          child = pos;
          tafel_mill_rules.make (&child, &entry.move, &undo);
          child_class = class_of (TAFEL_MILL_CSTATE (&child)->stones[0],
                                  TAFEL_MILL_CSTATE (&child)->stones[1]);

          for (int g = 1; g < 16; g++)
            {
              TafelState twin = pos;
              TafelMillState *ts = TAFEL_MILL_STATE (&twin);
              TafelMillBookEntry other;
              TafelState twin_child;

              ts->stones[0] = image (g, s->stones[0]);
              ts->stones[1] = image (g, s->stones[1]);
              ts->key = tafel_mill_compute_key (ts);
              g_assert_true (tafel_mill_book_lookup (book, ts, &other));
              g_assert_true (tafel_rules_is_legal (&tafel_mill_rules, &twin, &other.move));
              g_assert_cmpint (other.score, ==, entry.score);
              twin_child = twin;
              tafel_mill_rules.make (&twin_child, &other.move, &undo);
              g_assert_cmpuint (class_of (TAFEL_MILL_CSTATE (&twin_child)->stones[0],
                                          TAFEL_MILL_CSTATE (&twin_child)->stones[1]),
                                ==, child_class);
              checked++;
            }
        }
    }
  g_assert_cmpuint (checked, ==, 15 * (1 + 24 + 24 * 23));
}

static void
count_line (guint       done,
            guint       total,
            const char *line,
            guint64     nodes,
            gpointer    user_data)
{
  (*(guint *) user_data)++;
}

/* Small budgets, another for each number of stones along the lines. */
static TafelMillBookPlan
small_plan (guint placements,
            guint lines)
{
  TafelMillBookPlan plan = { .placements = placements, .lines = lines, .nodes = 3000, .jobs = 2 };

  for (guint i = 0; i < TAFEL_MILL_BOOK_MAX_LINES; i++)
    plan.line_nodes[i] = 2000 - 200 * MIN (i, 2);
  return plan;
}

static char *
small_book (guint placements,
            guint lines)
{
  TafelMillBookPlan plan = small_plan (placements, lines);
  g_autoptr(GError) error = NULL;
  char *text = tafel_mill_book_build (&plan, NULL, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (text);
  return text;
}

static guint
stones_on (const TafelState *state)
{
  const TafelMillState *s = TAFEL_MILL_CSTATE (state);

  return (guint) __builtin_popcount (s->stones[0] | s->stones[1]);
}

/* From @pos (in the book, @placed stones), the book's move and then every
 * reply that takes no stone: each position so reached with at most
 * tafel_mill_book_lines () stones must be in the book; its class goes
 * into @reached, and the walk goes on from it. */
static void
walk (const TafelMillBook *book,
      const TafelState    *pos,
      guint                placed,
      GHashTable          *reached)
{
  TafelMove replies[TAFEL_MAX_MOVES];
  TafelMillBookEntry entry;
  TafelState next = *pos;
  TafelUndo undo;
  guint n;

  if (placed + 2 > tafel_mill_book_lines (book))
    return;
  g_assert_true (tafel_mill_book_lookup (book, TAFEL_MILL_CSTATE (pos), &entry));
  tafel_mill_rules.make (&next, &entry.move, &undo);
  if (stones_on (&next) != placed + 1)
    return;   /* the book's move took a stone */
  n = tafel_mill_rules.legal_moves (&next, replies);
  for (guint i = 0; i < n; i++)
    {
      TafelState after = next;
      const TafelMillState *s = TAFEL_MILL_CSTATE (&after);
      TafelMillBookEntry found;
      guint64 key;

      tafel_mill_rules.make (&after, &replies[i], &undo);
      if (stones_on (&after) != placed + 2)
        continue;   /* a stone taken: the search's */
      g_assert_true (tafel_mill_book_lookup (book, s, &found));
      key = class_of (s->stones[0], s->stones[1]);
      if (placed + 2 > tafel_mill_book_placements (book) && !g_hash_table_contains (reached, &key))
        {
          g_hash_table_add (reached, g_memdup2 (&key, sizeof key));
          walk (book, &after, placed + 2, reached);
        }
    }
}

/* A side that plays the book meets only book positions up to its lines,
 * whatever the other side does; and the book holds nothing else. */
static void
check_lines (const TafelMillBook *book)
{
  guint placements = tafel_mill_book_placements (book);
  g_autoptr(GPtrArray) whole = tafel_mill_book_positions (placements);
  g_autoptr(GHashTable) reached = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);

  for (guint i = 0; i < whole->len; i++)
    {
      TafelState state = play (g_ptr_array_index (whole, i));
      guint placed = stones_on (&state);

      if (placed + 2 > placements)
        walk (book, &state, placed, reached);
    }
  g_assert_cmpuint (tafel_mill_book_size (book), ==, whole->len + g_hash_table_size (reached));
}

static void
test_build_and_lookup (void)
{
  g_autofree char *text = small_book (2, 2);
  g_autofree char *again = small_book (2, 2);
  g_autoptr(GError) error = NULL;
  g_autoptr(TafelMillBook) book = tafel_mill_book_new_from_text (text, &error);
  TafelState later = play ("d2 d6 b4");
  TafelMillBookEntry entry;

  g_assert_no_error (error);
  /* The same on every run: one thread per position, a fresh table. */
  g_assert_cmpstr (text, ==, again);
  g_assert_cmpuint (tafel_mill_book_size (book), ==, 51);
  g_assert_cmpuint (tafel_mill_book_placements (book), ==, 2);
  g_assert_cmpuint (tafel_mill_book_lines (book), ==, 2);
  check_book_two (book);
  check_lines (book);
  /* Beyond its placements it has nothing. */
  g_assert_false (tafel_mill_book_lookup (book, TAFEL_MILL_CSTATE (&later), &entry));
}

/* A book whole up to one placement that follows its lines up to four. */
static void
test_lines (void)
{
  g_autofree char *text = small_book (1, 4);
  g_autoptr(GError) error = NULL;
  g_autoptr(TafelMillBook) book = tafel_mill_book_new_from_text (text, &error);
  g_autoptr(GPtrArray) three = tafel_mill_book_positions (3);
  g_autoptr(GPtrArray) on_lines = NULL;
  guint off = 0, on = 0;

  g_assert_no_error (error);
  g_assert_cmpuint (tafel_mill_book_lines (book), ==, 4);
  check_lines (book);
  on_lines = tafel_mill_book_line_positions (book, 3);
  g_assert_cmpuint (on_lines->len, >, 0);

  /* Of the positions with three stones, it holds those on its lines. */
  for (guint i = 0; i < three->len; i++)
    {
      TafelState state = play (g_ptr_array_index (three, i));
      TafelMillBookEntry entry;
      gboolean listed = FALSE;

      if (stones_on (&state) != 3)
        continue;
      for (guint j = 0; j < on_lines->len && !listed; j++)
        {
          TafelState other = play (g_ptr_array_index (on_lines, j));

          listed = class_of (TAFEL_MILL_CSTATE (&other)->stones[0],
                             TAFEL_MILL_CSTATE (&other)->stones[1])
                   == class_of (TAFEL_MILL_CSTATE (&state)->stones[0],
                                TAFEL_MILL_CSTATE (&state)->stones[1]);
        }
      g_assert_cmpint (tafel_mill_book_lookup (book, TAFEL_MILL_CSTATE (&state), &entry), ==, listed);
      if (listed)
        on++;
      else
        off++;
    }
  g_assert_cmpuint (on, ==, on_lines->len);
  g_assert_cmpuint (off, >, 0);
}

/* A build that was stopped goes on from the lines its progress file
 * holds for the plan's nodes, and makes the same book; damaged lines
 * and a line cut short are searched again. */
static void
test_resume (void)
{
  TafelMillBookPlan plan = small_plan (1, 3);
  g_autofree char *whole = small_book (1, 3);
  g_auto(GStrv) lines = g_strsplit (whole, "\n", -1);
  g_autoptr(GString) progress = g_string_new (TAFEL_MILL_BOOK_PROGRESS_HEADER "\n");
  g_auto(GStrv) made = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *again = NULL;
  guint searched = 0, entries = 0, kept = 0, damaged = 0;

  g_assert_cmpuint (tafel_mill_book_plan_nodes (&plan, 1), ==, 3000);
  g_assert_cmpuint (tafel_mill_book_plan_nodes (&plan, 2), ==, 2000);
  g_assert_cmpuint (tafel_mill_book_plan_nodes (&plan, 3), ==, 1800);
  g_string_append (progress, "not a line\n");
  for (guint i = 0; lines[i] != NULL; i++)
    if (strchr (lines[i], ':') != NULL && lines[i][0] != '#')
      {
        g_autofree char *placed = g_strndup (lines[i], strchr (lines[i], ':') - lines[i]);
        g_auto(GStrv) stones = g_strsplit_set (g_strstrip (placed), " ", -1);
        guint64 nodes = tafel_mill_book_plan_nodes (&plan, g_strv_length (stones));
        g_autofree char *entry = NULL;

        /* Every other line, as if two jobs had been stopped; some of
         * them searched to other nodes. */
        if (entries++ % 2 != 0)
          continue;
        if (entries % 3 == 0)
          nodes++;
        else
          kept++;
        entry = tafel_mill_book_progress_line (lines[i], nodes);
        g_string_append (progress, entry);

        /* Some made again, damaged: the last line of a position counts,
         * and a damaged one is searched again. */
        if (entries % 3 != 0 && entries % 7 == 1)
          {
            const char *wrong[] = { ": d2 5 99", ": \xff 5 3", ": zz 5 3" };
            g_autofree char *bad = g_strconcat (placed, wrong[damaged % 3], NULL);
            g_autofree char *bad_entry = tafel_mill_book_progress_line (bad, nodes);

            g_string_append (progress, bad_entry);
            damaged++;
          }
      }
  /* The last line, cut short where a stop left it, does not count. */
  g_string_append (progress, "3000 : d2 1");
  g_assert_cmpuint (kept, >, 10);
  g_assert_cmpuint (damaged, >=, 3);

  made = tafel_mill_book_progress_read (progress->str, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (made), ==, 1 + (entries + 1) / 2 + damaged);
  again = tafel_mill_book_build (&plan, (const char *const *) made, count_line,
                                 &searched, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (again, ==, whole);
  g_assert_cmpuint (searched, ==, entries - kept + damaged);
}

/* A file that does not start as a progress file is refused; one with
 * the header alone holds no lines. */
static void
test_progress_file (void)
{
  const char *foreign[] = {
    "", "tafel-mill-book 2 1 1\n: d2 1 1\n", TAFEL_MILL_BOOK_PROGRESS_HEADER,
    "\n" TAFEL_MILL_BOOK_PROGRESS_HEADER "\n",
  };
  g_auto(GStrv) empty = NULL;
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (foreign); i++)
    {
      g_auto(GStrv) made = tafel_mill_book_progress_read (foreign[i], &error);

      g_assert_null (made);
      g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT);
      g_clear_error (&error);
    }
  empty = tafel_mill_book_progress_read (TAFEL_MILL_BOOK_PROGRESS_HEADER "\n", &error);
  g_assert_no_error (error);
  g_assert_nonnull (empty);
  g_assert_cmpuint (g_strv_length (empty), ==, 0);
}

/* @text with line @index (0 = the first entry after the header) replaced
 * by @line, or dropped when @line is NULL. */
static char *
edit_line (const char *text,
           guint       index,
           const char *line)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  GString *out = g_string_new (NULL);
  guint entry = 0;
  gboolean header = FALSE;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      gboolean is_entry = header && lines[i][0] != '#' && lines[i][0] != '\0';

      header |= g_str_has_prefix (lines[i], TAFEL_MILL_BOOK_MAGIC);
      if (is_entry && entry++ == index)
        {
          if (line != NULL)
            g_string_append_printf (out, "%s\n", line);
          continue;
        }
      g_string_append_printf (out, "%s\n", lines[i]);
    }
  return g_string_free (out, FALSE);
}

static void
expect_damaged (const char *text,
                const char *fragment)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TafelMillBook) book = tafel_mill_book_new_from_text (text, &error);

  g_assert_null (book);
  g_assert_error (error, TAFEL_ERROR, TAFEL_ERROR_FORMAT);
  if (strstr (error->message, fragment) == NULL)
    g_error ("“%s” does not say “%s”", error->message, fragment);
}

static void
test_damaged (void)
{
  g_autofree char *text = small_book (1, 1);
  g_autofree char *first = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TafelMillBook) book = NULL;
  struct {
    guint line;
    const char *replacement;
    const char *says;
  } cases[] = {
    { 4, NULL, "holds 4 of its 5 positions" },
    { 4, "a1 : b4 20 5", "twice" },
    { 4, "b4 : b4 20 5", "not legal" },
    { 4, "b4 : g9 20 5", "not legal" },
    { 4, "b4 d2 : f4 20 5", "not one of the book" },
    { 4, "b4 b4 : f4 20 5", "line 10" },
    { 4, "b4 d2", "colon" },
    { 4, "b4 : d2 20", "a move, a score and a depth" },
    { 4, "b4 : d2 99999 5", "out of range" },
    { 4, "b4 : d2 20 0", "out of range" },
  };

  book = tafel_mill_book_new_from_text (text, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tafel_mill_book_size (book), ==, 5);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *bad = edit_line (text, cases[i].line, cases[i].replacement);

      expect_damaged (bad, cases[i].says);
    }

  expect_damaged ("", "empty");
  expect_damaged ("# nothing but a comment\n", "empty");
  expect_damaged ("tafel-mill-books 2 1 1\n", "does not start like one");
  expect_damaged ("tafel-mill-book 1 3 25000000\n", "another version");
  expect_damaged ("tafel-mill-book 2 1 1 3000\n", "another version");
  expect_damaged ("tafel-mill-book 2 9 9\n", "placements is out of range");
  expect_damaged ("tafel-mill-book 2 3 2\n", "lines is out of range");
  expect_damaged ("tafel-mill-book 2 1 99\n", "lines is out of range");
  expect_damaged ("tafel-mill-book 2 0 0\n", "holds 0 of its 1 positions");
  expect_damaged ("tafel-mill-book 2 0 0\n\xff\xfe : d2 1 1\n", "line 2");

  /* A file that is not there is an error of its own. */
  first = g_build_filename (g_get_tmp_dir (), "no-such-dir-tafel", "book", NULL);
  g_clear_pointer (&book, tafel_mill_book_free);
  g_clear_error (&error);
  book = tafel_mill_book_load (first, &error);
  g_assert_null (book);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
}

/* Along the lines, a position missing or one the lines do not reach. */
static void
test_damaged_lines (void)
{
  g_autofree char *text = small_book (1, 3);
  g_autoptr(GError) error = NULL;
  g_autoptr(TafelMillBook) book = tafel_mill_book_new_from_text (text, &error);
  g_autoptr(GPtrArray) on_lines = tafel_mill_book_line_positions (book, 3);
  g_autoptr(GPtrArray) three = tafel_mill_book_positions (3);
  g_autofree char *dropped = NULL;
  g_autofree char *off_line = NULL;
  g_autofree char *replaced = NULL;
  g_autofree char *says = NULL;
  guint size = tafel_mill_book_size (book);

  g_assert_no_error (error);
  /* The lines come last, so the last entry is on them. */
  dropped = edit_line (text, size - 1, NULL);
  says = g_strdup_printf ("holds %u of its %u positions", on_lines->len - 1, on_lines->len);
  expect_damaged (dropped, says);

  /* A position with three stones that the lines do not reach. */
  for (guint i = 0; i < three->len && off_line == NULL; i++)
    {
      TafelState state = play (g_ptr_array_index (three, i));
      TafelMillBookEntry entry;

      if (stones_on (&state) == 3 && !tafel_mill_book_lookup (book, TAFEL_MILL_CSTATE (&state), &entry))
        {
          TafelMove moves[TAFEL_MAX_MOVES];
          g_autofree char *move = NULL;

          g_assert_cmpuint (tafel_mill_rules.legal_moves (&state, moves), >, 0);
          move = tafel_rules_format_move (&tafel_mill_rules, &state, &moves[0]);
          off_line = g_strdup_printf ("%s : %s 0 1", (char *) g_ptr_array_index (three, i), move);
        }
    }
  g_assert_nonnull (off_line);
  replaced = edit_line (text, size - 1, off_line);
  expect_damaged (replaced, "do not reach the position after");
}

/* Searches by time play the book (nothing searched); searches to a depth
 * or without the switch search. */
static void
test_search_uses_book (void)
{
  const TafelMillBook *book = tafel_mill_book_get_default ();
  TafelState state = play ("g7 f4");
  TafelHistory history = { NULL, 0 };
  TafelMillSearchLimits limits = { .max_depth = 64, .budget_us = 200 * 1000,
                                   .flags = TAFEL_MILL_SEARCH_BOOK };
  TafelMillSearchLimits searching = { .max_depth = 4 };
  TafelMillSearchResult result;
  TafelMillBookEntry entry;

  g_assert_nonnull (book);
  g_assert_true (tafel_mill_book_lookup (book, TAFEL_MILL_CSTATE (&state), &entry));

  g_assert_true (tafel_mill_search (&state, &history, &limits, NULL, NULL, &result));
  g_assert_true (tafel_move_equal (&result.best, &entry.move));
  g_assert_cmpint (result.score, ==, entry.score);
  g_assert_cmpuint (result.depth, ==, entry.depth);
  g_assert_cmpuint (result.nodes, ==, 0);

  g_assert_true (tafel_mill_search (&state, &history, &searching, NULL, NULL, &result));
  g_assert_cmpuint (result.depth, ==, 4);
  g_assert_cmpuint (result.nodes, >, 0);

  /* Where the book's lines end, the search chooses. */
  state = play ("");
  while (tafel_mill_book_lookup (book, TAFEL_MILL_CSTATE (&state), &entry))
    {
      TafelUndo undo;

      tafel_mill_rules.make (&state, &entry.move, &undo);
    }
  g_assert_cmpuint (stones_on (&state), >, tafel_mill_book_placements (book));
  g_assert_true (tafel_mill_search (&state, &history, &limits, NULL, NULL, &result));
  g_assert_cmpuint (result.nodes, >, 0);
}

/* ---- proving, with made-up values in place of the solver ---- */

/* A made-up exact value of @move in @s (the tests have no tables up to
 * 9-9): about two moves in five lose and one in five wins, and in about
 * one position in seven every move loses. */
static TafelValue
made_up_value (const TafelMillState *s,
               const TafelMove      *move)
{
  guint64 h = (s->key ^ ((guint64) move->path[0] + 1) * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15))
              * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);

  if ((s->key >> 40) % 7 == 0)
    return TAFEL_VALUE_LOSS;
  switch ((h >> 40) % 5)
    {
    case 0:
    case 1:
      return TAFEL_VALUE_LOSS;
    case 2:
      return TAFEL_VALUE_WIN;
    default:
      return TAFEL_VALUE_DRAW;
    }
}

static void
keep_progress_line (guint       done,
                    guint       total,
                    const char *line,
                    guint64     nodes,
                    gpointer    user_data)
{
  /* as tafel_mill_book_progress_read () gives it back: no newline */
  g_ptr_array_add (user_data, g_strchomp (tafel_mill_book_progress_line (line, nodes)));
}

/* The made-up value of the move of @line (a proven one: its comment says
 * its value, which must be the made-up one); checks that it loses only
 * where every move does, and returns how many stones it was placed at,
 * or -1 for a line of no position. */
static int
check_proven_line (const char *line)
{
  g_autofree char *bare = g_strdup (line);
  char *hash = strstr (bare, "  # ");
  char *colon = strchr (bare, ':');
  const char *cursor;
  TafelMove move, moves[TAFEL_MAX_MOVES];
  TafelState state;
  TafelValue value;
  const char *word;
  guint n, losing = 0;

  if (colon == NULL || bare[0] == '#')
    return -1;
  g_assert_nonnull (hash);
  *hash = '\0';
  *colon = '\0';
  state = play (g_strstrip (bare));
  cursor = g_strstrip (colon + 1);
  g_assert_true (tafel_mill_rules.parse_move (&state, &cursor, &move, NULL));
  value = made_up_value (TAFEL_MILL_CSTATE (&state), &move);
  word = value == TAFEL_VALUE_WIN ? "win" : value == TAFEL_VALUE_DRAW ? "draw" : "loss";
  g_assert_true (g_str_has_prefix (hash + 4, word));
  n = tafel_mill_rules.legal_moves (&state, moves);
  for (guint i = 0; i < n; i++)
    losing += made_up_value (TAFEL_MILL_CSTATE (&state), &moves[i]) == TAFEL_VALUE_LOSS;
  g_assert_true (value != TAFEL_VALUE_LOSS || losing == n);
  return (int) stones_on (&state);
}

/* The lines of the book @text at @stones stones. */
static GPtrArray *
lines_at (const char *text,
          int         stones)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  GPtrArray *at = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *colon = strchr (lines[i], ':');
      g_autofree char *placed = NULL;
      TafelState state;

      if (colon == NULL || lines[i][0] == '#')
        continue;
      placed = g_strndup (lines[i], colon - lines[i]);
      state = play (g_strstrip (placed));
      if ((int) stones_on (&state) == stones)
        g_ptr_array_add (at, g_strdup (lines[i]));
    }
  return at;
}

/* A book's lines followed on by the prover (tafel_mill_book_extend_text ()):
 * every position they reach gets a move, the first that does not lose
 * where one does not, and its value; the book is whole; a stopped run
 * goes on from its progress lines to the same book. */
static void
test_extend_lines (void)
{
  const TafelMillEgtb *tb = tafel_mill_egtb_get_default ();
  g_autofree char *text = small_book (1, 1);
  g_autofree char *longer = NULL;
  g_autofree char *again = NULL;
  g_autofree char *same = NULL;
  g_autoptr(GPtrArray) made = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) made_again = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) old_lines = NULL;
  g_autoptr(TafelMillBook) book = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  guint at[4] = { 0 }, lost = 0;
  TafelMillBookProofPlan plan = {
    .tb = tb, .jobs = 2, .table_bits = 16, .nodes = 1000,
    .progress = keep_progress_line, .user_data = made,
  };

  g_assert_nonnull (tb);
  tafel_mill_book_set_move_value (made_up_value);
  longer = tafel_mill_book_extend_text (text, 3, &plan, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (longer);
  book = tafel_mill_book_new_from_text (longer, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tafel_mill_book_placements (book), ==, 1);
  g_assert_cmpuint (tafel_mill_book_lines (book), ==, 3);
  check_lines (book);
  g_assert_nonnull (strstr (longer, "\n" TAFEL_MILL_BOOK_MAGIC " 2 1 3\n"));

  /* the lines it had stay as they were */
  for (int k = 0; k <= 1; k++)
    {
      g_autoptr(GPtrArray) before = lines_at (text, k);
      g_autoptr(GPtrArray) after = lines_at (longer, k);

      g_assert_cmpuint (before->len, ==, after->len);
      for (guint i = 0; i < before->len; i++)
        g_assert_cmpstr (g_ptr_array_index (before, i), ==, g_ptr_array_index (after, i));
    }
  lines = g_strsplit (longer, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      int stones;

      if (strstr (lines[i], "  # ") == NULL)
        continue;
      stones = check_proven_line (lines[i]);
      g_assert_cmpint (stones, >=, 2);
      at[stones]++;
      lost += strstr (lines[i], "  # loss") != NULL;
    }
  g_test_message ("%u and %u positions at 2 and 3 stones, %u lost whatever is played",
                  at[2], at[3], lost);
  g_assert_cmpuint (at[2] + at[3], ==, made->len);
  g_assert_cmpuint (at[2] + at[3] + 5, ==, tafel_mill_book_size (book));
  g_assert_cmpuint (lost, >, 0);
  g_assert_cmpuint (lost, <, made->len / 2);

  /* A run stopped after half its lines goes on to the same book; lines
   * of other nodes, or damaged, are proven again. */
  g_ptr_array_set_size (made, made->len / 2);
  for (guint i = 0; i < 3; i++)
    {
      const char *line = g_ptr_array_index (made, i);
      char *colon = strchr (line, ':');

      g_assert_nonnull (colon);
      g_ptr_array_index (made, i) = i == 0 ? g_strconcat ("999", strchr (line, ' '), NULL)
                                    : g_strdup_printf ("%.*s: %s", (int) (colon - line), line,
                                                       i == 1 ? "zz 1 1  # draw" : "d2 1 1  # maybe");
      g_free ((char *) line);
    }
  g_ptr_array_add (made, NULL);
  plan.jobs = 1;
  plan.made = (const char *const *) made->pdata;
  plan.user_data = made_again;
  again = tafel_mill_book_extend_text (text, 3, &plan, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (again, ==, longer);
  g_assert_cmpuint (made_again->len, ==, at[2] + at[3] - (made->len - 1) + 3);

  /* A book that reaches that far already is left as it is. */
  plan = (TafelMillBookProofPlan) { .tb = tb, .jobs = 2, .table_bits = 16, .nodes = 1000 };
  same = tafel_mill_book_extend_text (longer, 3, &plan, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (same, ==, longer);

  /* Proving the moves at one stone replaces those that lose, and the
   * lines at three stones follow the new ones: the positions still
   * reached keep their lines, the others go, new ones are proven. */
  g_clear_pointer (&same, g_free);
  same = tafel_mill_book_prove_text (longer, 1, &plan, NULL, &error);
  g_assert_no_error (error);
  g_clear_pointer (&book, tafel_mill_book_free);
  book = tafel_mill_book_new_from_text (same, &error);
  g_assert_no_error (error);
  check_lines (book);
  g_assert_nonnull (strstr (same, "not "));
  old_lines = lines_at (longer, 3);
  for (int k = 1; k <= 3; k += 2)
    {
      g_autoptr(GPtrArray) proven = lines_at (same, k);

      for (guint i = 0; i < proven->len; i++)
        if (k == 1 || !g_ptr_array_find_with_equal_func (old_lines, g_ptr_array_index (proven, i),
                                                         g_str_equal, NULL))
          g_assert_cmpint (check_proven_line (g_ptr_array_index (proven, i)), ==, k);
    }
  tafel_mill_book_set_move_value (NULL);
}

/* The book the application ships: whole, and every move legal. */
static void
test_shipped (void)
{
  const char *path = g_getenv (TAFEL_MILL_BOOK_ENV);
  g_autoptr(GError) error = NULL;
  g_autoptr(TafelMillBook) book = NULL;

  if (path == NULL || *path == '\0')
    {
      g_test_skip ("TAFEL_MILL_BOOK is not set");
      return;
    }
  book = tafel_mill_book_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tafel_mill_book_placements (book), >=, 3);
  check_book_two (book);
  check_lines (book);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  make_symmetries ();

  g_test_add_func ("/mill-book/positions", test_positions);
  g_test_add_func ("/mill-book/build-and-lookup", test_build_and_lookup);
  g_test_add_func ("/mill-book/lines", test_lines);
  g_test_add_func ("/mill-book/resume", test_resume);
  g_test_add_func ("/mill-book/progress-file", test_progress_file);
  g_test_add_func ("/mill-book/damaged", test_damaged);
  g_test_add_func ("/mill-book/damaged-lines", test_damaged_lines);
  g_test_add_func ("/mill-book/search-uses-book", test_search_uses_book);
  g_test_add_func ("/mill-book/extend-lines", test_extend_lines);
  g_test_add_func ("/mill-book/shipped", test_shipped);

  return g_test_run ();
}
