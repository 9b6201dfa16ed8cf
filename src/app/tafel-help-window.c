/* tafel-help-window.c: the user guide, readable without a network
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A sidebar of topics and a page for each: the rules of the four games,
 * the levels and opponents, keyboard play, the position checker, saved
 * games and statistics.  The text lives here as translatable strings, one
 * paragraph each, so it is translated with the rest of Tafel and needs no
 * browser or help viewer.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "tafel-help-window-private.h"
#include "tafel-rules.h"

#define MAX_PARAGRAPHS 6

struct _TafelHelpWindow
{
  GtkWindow parent_instance;

  GtkWidget *sidebar;
  GtkWidget *stack;
};

G_DEFINE_FINAL_TYPE (TafelHelpWindow, tafel_help_window, GTK_TYPE_WINDOW)

typedef struct {
  const char *name;
  const char *title;
  const char *paragraphs[MAX_PARAGRAPHS];
} HelpPage;

static const HelpPage pages[] = {
  { "start", N_("Getting Started"), {
      N_("Tafel brings four classic strategy games for two players to your desktop: "
         "Infinity Tic-Tac-Toe, Tic-Tac-Toe, Connect Four and Nine Men’s Morris. "
         "You play against the computer or against a second person at the same screen."),
      N_("Choose the game with the switcher at the top of the window. New Game starts "
         "afresh; the two arrows next to it take moves back and play them again. The "
         "light bulb button shows a good move for you."),
      N_("The line under the board tells whose turn it is and how a game has ended. "
         "The last move is marked on the board, and when a game is won, the winning "
         "stones are marked too."),
    } },
  { "infinity", NULL, {
      N_("Infinity Tic-Tac-Toe is played on a board of three by three cells. X begins, "
         "and the players take turns placing one of their stones on an empty cell."),
      N_("Whoever has three stones in a row — across, down or diagonally — wins."),
      N_("Each player keeps at most three stones on the board. When you place your "
         "fourth stone, your oldest stone vanishes. The new stone is checked first: if "
         "it makes three in a row with your other stones, the oldest one included, you "
         "win at once. The stone that will vanish with its owner’s next move is drawn "
         "faded; until it is gone, its cell is taken."),
      N_("As stones keep vanishing, the board never fills up. After sixty moves without "
         "a winner, the game is a draw."),
      N_("With best play, the player who begins wins. Let the computer and yourself "
         "take turns at beginning to keep things fair."),
    } },
  { "tictactoe", NULL, {
      N_("Tic-Tac-Toe is played on a board of three by three cells. X begins, and the "
         "players take turns marking an empty cell."),
      N_("Whoever has three marks in a row — across, down or diagonally — wins. When "
         "all nine cells are filled without a row, the game is a draw. That is how every "
         "game ends in which neither player makes a mistake."),
    } },
  { "connect-four", NULL, {
      N_("Connect Four is played on an upright board of seven columns and six rows. "
         "Red begins, and the players take turns dropping a disc of their colour into "
         "a column that is not yet full. The disc falls to the lowest free cell."),
      N_("Whoever has four discs in a row — across, up and down, or diagonally — wins. "
         "When the board is full without such a row, the game is a draw."),
      N_("With best play, the player who begins wins, starting in the middle column."),
    } },
  { "mill", NULL, {
      N_("Nine Men’s Morris is played on 24 points that lie on three squares, one inside "
         "the other, joined at the middles of their sides. Each player has nine stones. "
         "White begins."),
      N_("First the players take turns placing their stones on any empty point. When "
         "all stones are placed, they take turns moving a stone along a line to the "
         "next point, if it is empty. A player with only three stones left may fly: "
         "move a stone to any empty point."),
      N_("Three stones of one colour in a row on a line are a mill. Whoever closes a "
         "mill, by placing or by moving, takes one stone of the opponent off the board. "
         "A stone in a mill may only be taken when all of the opponent’s stones stand "
         "in mills. Closing two mills at once still takes just one stone."),
      N_("A player loses with fewer than three stones left, or when it is their turn to "
         "move a stone and none can move. The game is a draw when the same position "
         "comes up for the third time, or after one hundred moves in a row in which no "
         "stone was placed or taken."),
      N_("To place a stone, click an empty point. To move, click your stone and then "
         "its new point; the points it can go to are marked. After closing a mill, "
         "click the stone you take. Escape puts back a stone you have picked up."),
      N_("Preferences offer other rules under Mill rules, each with its own saved game "
         "and statistics: Lasker Morris (ten stones each, and a stone may be moved while "
         "others are still in hand), Double Mill Counts Double (closing two mills at "
         "once takes two stones), Twelve Men’s Morris (twelve stones each, diagonal "
         "lines join the squares’ corners, and a board filled by the placing is a draw), "
         "Six Men’s Morris (six stones each on two squares, no flying) and Three Men’s "
         "Morris (three stones each on nine points joined by straight and diagonal lines, "
         "nothing is taken: the first row of three wins)."),
    } },
  { "levels", N_("Levels and Opponents"), {
      N_("Open Preferences from the main menu to choose the opponent, the level and who "
         "starts. A change applies at once and is remembered."),
      N_("The computer plays at four levels, the same in every game. Relaxed makes "
         "mistakes on purpose, so that a beginner can win. Medium and Hard look further "
         "ahead and make fewer mistakes. Impossible plays perfectly in Infinity "
         "Tic-Tac-Toe, Tic-Tac-Toe and Connect Four, which are solved, and as strongly "
         "as it can in Nine Men’s Morris."),
      N_("Who starts can be you, the computer, each in turn or chance. Taking turns is "
         "the fairest choice: in Infinity Tic-Tac-Toe and Connect Four, whoever begins "
         "wins with best play."),
      N_("To play against a person, choose Second person as the opponent. The two of "
         "you take turns at the same screen, with the mouse or the keyboard, and Undo "
         "takes back one move at a time."),
      N_("Against the computer, Undo takes back the computer’s reply and your move "
         "together, so that it is your turn again. The computer waits a moment before "
         "it moves, as a person would; the thinking pause can be switched off in "
         "Preferences."),
      N_("At the Impossible level of Connect Four and Nine Men’s Morris the computer "
         "also thinks while you do: it prepares its answers to each of your moves. In "
         "Connect Four it then answers at once and surely; in Nine Men’s Morris it sees "
         "further ahead while the stones are placed. That keeps the processor busy; "
         "switch off Think on your time in Preferences to save power."),
    } },
  { "keyboard", N_("Keyboard"), {
      N_("Every game can be played without a mouse. The arrow keys move a cursor over "
         "the board, and Enter or Space plays where it stands. In Nine Men’s Morris, "
         "the first press picks up a stone and the second puts it down."),
    } },
  { "check", N_("Checking a Position"), {
      N_("Check Position in the main menu tells what a Tic-Tac-Toe position means. "
         "Type the board as three rows, one per line, with X, O or a dash for an empty "
         "cell in each place."),
      N_("Tafel then says whether X or O has won and with which lines, whether the game "
         "is a draw, whose turn it is, or why the position cannot come up in a game, "
         "for example because one side has too many marks. X always begins."),
      N_("A mistake in the text is named by its row and column and marked. When the "
         "game is still open, Continue Playing puts the position on the board, and you "
         "play on from there."),
    } },
  { "review", N_("Moves and Review"), {
      N_("The list beside the board shows every move of the game. Click a move, or "
         "press Alt+Left and Alt+Right, Home and End, to look at the position after it; "
         "the computer waits while you look back. Playing a move there starts a new "
         "line from that position, after asking whether the later moves may go. F9 or "
         "the list button in the header bar shows or hides the list."),
      N_("Review Game in the main menu, or the button that appears when a game ends, "
         "judges every move: best, keeps the result but not the fastest way, mistake "
         "(a win becomes a draw, or a draw a loss) or blunder (a win becomes a loss). "
         "A coloured dot beside each move shows the verdict. Click a mistake to see "
         "the position it was played in, with the move that was better marked."),
      N_("In Infinity Tic-Tac-Toe, Tic-Tac-Toe and Connect Four the verdicts are exact. "
         "In Nine Men’s Morris they are exact where few stones are left; elsewhere they "
         "are the search’s opinion and say so: good or dubious."),
      N_("Copy Game and Paste Game pass a game as text, Save Game As and Open Game keep "
         "it in a .tafel file, which opens in Tafel with a double click. Paste also "
         "reads a bare list of moves, and for Nine Men’s Morris the numbered move lists "
         "other programs write."),
    } },
  { "keeping", N_("Saved Games and Statistics"), {
      N_("Tafel saves the game after every move. Close the window in the middle of a "
         "game, or even switch off the computer, and the same game waits for you at "
         "the next start: the same position, turn and level."),
      N_("Statistics in the main menu shows, for every game and level, how many games "
         "you have won, drawn and lost against the computer, your current streak and "
         "your best run of wins. Games between two persons are counted apart, by the "
         "side that won."),
      N_("A game counts once, when it first ends. Taking moves back after the end and "
         "playing on does not count it again; the next new game counts. Reset clears "
         "all statistics after asking you."),
      N_("If a saved game or the statistics cannot be read, the file is kept under a "
         "new name instead of being deleted, and Tafel starts afresh."),
    } },
};

/* A game's page has the game's title from its rules table. */
static const char *
page_title (const HelpPage *page)
{
  const TafelRules *rules = tafel_rules_lookup (page->name);

  return rules != NULL ? tafel_rules_get_title (rules) : _(page->title);
}

/* The keys of the keyboard page, as GtkShortcutLabel accelerators. */
static const struct {
  const char *accelerator;
  const char *description;
} keys[] = {
  { "Left Right Up Down", N_("Move the cursor on the board") },
  { "Return space", N_("Play at the cursor") },
  { "1...9", N_("Play a cell in Tic-Tac-Toe and Infinity Tic-Tac-Toe") },
  { "1...7", N_("Drop a disc into a column in Connect Four") },
  { "Escape", N_("Cancel a half-made move in Nine Men’s Morris") },
  { "<Alt>Left <Alt>Right", N_("Look at the previous or next position of the game") },
  { "Home End", N_("Look at the start or the latest position") },
  { "F9", N_("Show or hide the moves") },
  { "<Control>r", N_("Review the game") },
  { "<Control>n", N_("Start a new game") },
  { "<Control>z", N_("Undo a move") },
  { "<Control><Shift>z", N_("Redo a move") },
  { "<Control>h", N_("Show a good move") },
  { "<Control>k", N_("Check a Tic-Tac-Toe position") },
  { "<Control>comma", N_("Preferences") },
  { "F1", N_("This help") },
  { "<Control>question", N_("Keyboard shortcuts") },
  { "<Control>q", N_("Quit") },
};

static GtkWidget *
paragraph (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_width_chars (GTK_LABEL (label), 48);
  gtk_widget_add_css_class (label, "help-paragraph");
  return label;
}

static GtkWidget *
keys_grid (void)
{
  GtkGrid *grid = GTK_GRID (gtk_grid_new ());

  gtk_grid_set_row_spacing (grid, 12);
  gtk_grid_set_column_spacing (grid, 24);
  gtk_widget_set_margin_top (GTK_WIDGET (grid), 6);

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      GtkWidget *shortcut = gtk_shortcut_label_new (keys[i].accelerator);
      GtkWidget *label = paragraph (_(keys[i].description));

      gtk_widget_set_halign (shortcut, GTK_ALIGN_START);
      gtk_widget_set_valign (shortcut, GTK_ALIGN_CENTER);
      gtk_label_set_width_chars (GTK_LABEL (label), 20);
      gtk_widget_set_hexpand (label, TRUE);
      gtk_grid_attach (grid, shortcut, 0, i, 1, 1);
      gtk_grid_attach (grid, label, 1, i, 1, 1);
    }

  return GTK_WIDGET (grid);
}

static GtkWidget *
build_page (const HelpPage *page)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *title = gtk_label_new (page_title (page));

  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled),
                                  GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_margin_start (box, 36);
  gtk_widget_set_margin_end (box, 36);
  gtk_widget_set_margin_top (box, 24);
  gtk_widget_set_margin_bottom (box, 36);

  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_widget_add_css_class (title, "title-2");
  gtk_widget_set_margin_bottom (title, 6);
  gtk_accessible_update_property (GTK_ACCESSIBLE (title),
                                  GTK_ACCESSIBLE_PROPERTY_LEVEL, 1, -1);
  gtk_box_append (GTK_BOX (box), title);

  for (guint i = 0; i < MAX_PARAGRAPHS && page->paragraphs[i] != NULL; i++)
    gtk_box_append (GTK_BOX (box), paragraph (_(page->paragraphs[i])));

  if (g_str_equal (page->name, "keyboard"))
    gtk_box_append (GTK_BOX (box), keys_grid ());

  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), box);
  return scrolled;
}

/* The topics take the keyboard first, so that the arrow keys go through
 * them at once. */
static void
on_show (TafelHelpWindow *self)
{
  if (gtk_window_get_focus (GTK_WINDOW (self)) == NULL)
    gtk_widget_child_focus (self->sidebar, GTK_DIR_TAB_FORWARD);
}

static void
tafel_help_window_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), TAFEL_TYPE_HELP_WINDOW);

  G_OBJECT_CLASS (tafel_help_window_parent_class)->dispose (object);
}

static void
tafel_help_window_class_init (TafelHelpWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tafel_help_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/tafel/Tafel/tafel-help-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TafelHelpWindow, sidebar);
  gtk_widget_class_bind_template_child (widget_class, TafelHelpWindow, stack);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
}

static void
tafel_help_window_init (TafelHelpWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    gtk_stack_add_titled (GTK_STACK (self->stack), build_page (&pages[i]),
                          pages[i].name, page_title (&pages[i]));
  g_signal_connect (self, "map", G_CALLBACK (on_show), NULL);
}

/**
 * tafel_help_window_show:
 * @parent: (nullable): the window the help is for
 * @page: (nullable): the topic to show: start, infinity, tictactoe,
 *   connect-four, mill, levels, keyboard, check or keeping
 *
 * Presents the help window, the one already open if there is one.
 *
 * Returns: (transfer none): the help window
 */
GtkWindow *
tafel_help_window_show (GtkWindow  *parent,
                        const char *page)
{
  static TafelHelpWindow *help;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);

  if (help == NULL)
    {
      help = g_object_new (TAFEL_TYPE_HELP_WINDOW, "transient-for", parent, NULL);
      g_object_add_weak_pointer (G_OBJECT (help), (gpointer *) &help);
    }
  else if (parent != NULL)
    gtk_window_set_transient_for (GTK_WINDOW (help), parent);

  if (page != NULL && gtk_stack_get_child_by_name (GTK_STACK (help->stack), page) != NULL)
    gtk_stack_set_visible_child_name (GTK_STACK (help->stack), page);

  gtk_window_present (GTK_WINDOW (help));
  return GTK_WINDOW (help);
}

GtkStack *
tafel_help_window_get_stack (TafelHelpWindow *self)
{
  g_return_val_if_fail (TAFEL_IS_HELP_WINDOW (self), NULL);

  return GTK_STACK (self->stack);
}
