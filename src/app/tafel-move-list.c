/* tafel-move-list.c: the game's moves beside the board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The whole line of the match (the moves played and those redo would
 * bring back) in the game's notation, numbered, both sides in a row.
 * The move that led to the position shown is highlighted and scrolled
 * into view; a click on a move asks to see the position after it
 * (TafelMoveList::go-to, with the number of moves).  Each move may carry
 * a mark (a review's verdict): a CSS class and words for screen readers.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "tafel-move-list.h"

struct _TafelMoveList
{
  GtkWidget parent_instance;

  GtkWidget *scrolled;
  GtkWidget *grid;
  GtkWidget *empty_label;
  GPtrArray *buttons;          /* GtkButton per move of the line */
  TafelMatch *match;
  gulong changed_id;
  char *line;                  /* the line the buttons show */
  int current;                 /* index of the highlighted button, or -1 */
  guint scroll_id;
  gboolean scroll_pending;     /* the current move is to be scrolled into view */

  GPtrArray *mark_classes;     /* per move: a CSS class, or NULL */
  GPtrArray *mark_texts;       /* per move: words for screen readers, or NULL */
};

G_DEFINE_FINAL_TYPE (TafelMoveList, tafel_move_list, GTK_TYPE_WIDGET)

enum {
  GO_TO,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
on_move_clicked (GtkButton     *button,
                 TafelMoveList *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "move-index"));

  g_signal_emit (self, signals[GO_TO], 0, index + 1);
}

/* Where move @index stands: the side that moves first in a game has the
 * left column, so a game from a position where the second side is to
 * move (a Mill FEN) leaves the first cell empty.  Returns the slot
 * counted from the first row's left cell. */
static guint
slot_of (TafelMoveList *self,
         guint          index)
{
  const TafelState *start;

  if (tafel_match_get_line_length (self->match) == 0)
    return index;
  tafel_match_get_line_move (self->match, 0, &start);
  return index + tafel_match_get_rules (self->match)->side_to_move (start);
}

static void
describe_button (TafelMoveList *self,
                 guint          index)
{
  GtkWidget *button = g_ptr_array_index (self->buttons, index);
  const TafelRules *rules = tafel_match_get_rules (self->match);
  g_autofree char *move = tafel_match_format_line_move (self->match, index);
  const char *mark = index < self->mark_texts->len ? g_ptr_array_index (self->mark_texts, index) : NULL;
  const char *mark_class = index < self->mark_classes->len ? g_ptr_array_index (self->mark_classes, index) : NULL;
  g_autofree char *label = NULL;

  if (mark != NULL)
    /* Translators: a move in the move list for screen readers: number,
     * side, the move, then the review's verdict, e.g. "3. Red: 4, a mistake" */
    label = g_strdup_printf (_("%u. %s: %s, %s"), slot_of (self, index) / 2 + 1,
                             tafel_rules_get_side_name (rules, slot_of (self, index) % 2), move, mark);
  else
    /* Translators: a move in the move list for screen readers: number,
     * side, the move, e.g. "3. Red: 4" */
    label = g_strdup_printf (_("%u. %s: %s"), slot_of (self, index) / 2 + 1,
                             tafel_rules_get_side_name (rules, slot_of (self, index) % 2), move);

  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);

  for (guint c = 0; c < self->mark_classes->len; c++)
    {
      const char *other = g_ptr_array_index (self->mark_classes, c);

      if (other != NULL && g_strcmp0 (other, mark_class) != 0)
        gtk_widget_remove_css_class (button, other);
    }
  if (mark_class != NULL)
    gtk_widget_add_css_class (button, mark_class);
  gtk_widget_set_visible (g_object_get_data (G_OBJECT (button), "mark"), mark_class != NULL);
}

/* The moves as buttons; the side that moves first in the left column.
 * The games here alternate strictly (a Mill removal is part of its
 * move), so a move's side follows from its place after the start. */
static void
rebuild (TafelMoveList *self)
{
  GtkWidget *child;
  guint len = tafel_match_get_line_length (self->match);

  while ((child = gtk_widget_get_first_child (self->grid)) != NULL)
    gtk_grid_remove (GTK_GRID (self->grid), child);
  g_ptr_array_set_size (self->buttons, 0);
  self->current = -1;

  for (guint i = 0; i < len; i++)
    {
      g_autofree char *text = tafel_match_format_line_move (self->match, i);
      GtkWidget *button = gtk_button_new ();
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
      GtkWidget *label = gtk_label_new (text);
      GtkWidget *mark = gtk_label_new ("●");

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (mark, "mark");
      gtk_widget_set_visible (mark, FALSE);
      gtk_box_append (GTK_BOX (box), label);
      gtk_box_append (GTK_BOX (box), mark);
      gtk_button_set_child (GTK_BUTTON (button), box);
      g_object_set_data (G_OBJECT (button), "text", label);
      g_object_set_data (G_OBJECT (button), "mark", mark);

      gtk_widget_add_css_class (button, "flat");
      gtk_widget_add_css_class (button, "move");
      gtk_widget_set_size_request (button, 72, -1);
      g_object_set_data (G_OBJECT (button), "move-index", GUINT_TO_POINTER (i));
      g_signal_connect (button, "clicked", G_CALLBACK (on_move_clicked), self);

      guint slot = slot_of (self, i);

      if (slot % 2 == 0 || i == 0)
        {
          g_autofree char *number = g_strdup_printf ("%u.", slot / 2 + 1);
          GtkWidget *number_label = gtk_label_new (number);

          gtk_label_set_xalign (GTK_LABEL (number_label), 1);
          gtk_widget_add_css_class (number_label, "dim-label");
          gtk_widget_add_css_class (number_label, "numeric");
          gtk_accessible_update_state (GTK_ACCESSIBLE (number_label), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
          gtk_grid_attach (GTK_GRID (self->grid), number_label, 0, slot / 2, 1, 1);
        }
      gtk_grid_attach (GTK_GRID (self->grid), button, 1 + slot % 2, slot / 2, 1, 1);
      g_ptr_array_add (self->buttons, button);
      describe_button (self, i);
    }

  gtk_widget_set_visible (self->empty_label, len == 0);
}

static gboolean
scroll_to_current (gpointer data)
{
  TafelMoveList *self = data;
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scrolled));
  graphene_rect_t bounds;

  self->scroll_id = 0;
  if (self->current >= 0 && gtk_widget_get_height (g_ptr_array_index (self->buttons, self->current)) == 0)
    return G_SOURCE_REMOVE;     /* not laid out yet: done when it is */
  self->scroll_pending = FALSE;
  if (self->current < 0)
    {
      gtk_adjustment_set_value (adj, 0);
      return G_SOURCE_REMOVE;
    }
  if (gtk_widget_compute_bounds (g_ptr_array_index (self->buttons, self->current),
                                 self->grid, &bounds))
    gtk_adjustment_clamp_page (adj, bounds.origin.y, bounds.origin.y + bounds.size.height);

  return G_SOURCE_REMOVE;
}

/* The buttons show the match's line as it is now: other handlers of the
 * match's change may come before this widget's own. */
static void
ensure_line (TafelMoveList *self)
{
  g_autofree char *line = NULL;

  if (self->match == NULL)
    return;
  line = tafel_match_line_to_moves (self->match);
  if (g_strcmp0 (line, self->line) != 0)
    {
      g_free (self->line);
      self->line = g_steal_pointer (&line);
      rebuild (self);
    }
}

static void
on_adjustment_changed (TafelMoveList *self)
{
  if (self->scroll_pending && self->scroll_id == 0)
    scroll_to_current (self);
}

static void
update (TafelMoveList *self)
{
  int current = (int) tafel_match_get_n_moves (self->match) - 1;

  ensure_line (self);

  if (self->current >= 0 && (guint) self->current < self->buttons->len)
    gtk_widget_remove_css_class (g_ptr_array_index (self->buttons, self->current), "current");
  self->current = current;
  if (current >= 0)
    gtk_widget_add_css_class (g_ptr_array_index (self->buttons, current), "current");

  /* Once laid out: at the next idle, or when the list's size changes
   * (the first layout of new buttons may come later). */
  self->scroll_pending = TRUE;
  if (self->scroll_id == 0)
    self->scroll_id = g_idle_add_full (G_PRIORITY_LOW, scroll_to_current, self, NULL);
}

/**
 * tafel_move_list_set_match:
 * @match: (nullable): the match whose line to show
 */
void
tafel_move_list_set_match (TafelMoveList *self,
                           TafelMatch    *match)
{
  g_return_if_fail (TAFEL_IS_MOVE_LIST (self));
  g_return_if_fail (match == NULL || TAFEL_IS_MATCH (match));

  if (self->match == match)
    return;

  if (self->match != NULL)
    g_clear_signal_handler (&self->changed_id, self->match);
  g_set_object (&self->match, match);
  /* The marks were the old match's; the buttons are made anew below. */
  g_clear_pointer (&self->line, g_free);
  g_ptr_array_set_size (self->mark_classes, 0);
  g_ptr_array_set_size (self->mark_texts, 0);
  if (match == NULL)
    return;

  self->changed_id = g_signal_connect_swapped (match, "changed", G_CALLBACK (update), self);
  update (self);
}

/**
 * tafel_move_list_set_mark:
 * @index: the move, 0 for the first of the line
 * @css_class: (nullable): how the move looks, e.g. "mistake"
 * @text: (nullable): what screen readers hear after the move
 *
 * Marks a move, e.g. with a review's verdict.  Marks are dropped when
 * the match is replaced or tafel_move_list_clear_marks () is called.
 */
void
tafel_move_list_set_mark (TafelMoveList *self,
                          guint          index,
                          const char    *css_class,
                          const char    *text)
{
  g_return_if_fail (TAFEL_IS_MOVE_LIST (self));

  /* The buttons are brought up to the line by clear_marks () (which a
   * new set of marks starts with) or the next update; a mark set before
   * its button exists is shown when the button is made. */
  if (index >= self->mark_classes->len)
    {
      g_ptr_array_set_size (self->mark_classes, index + 1);
      g_ptr_array_set_size (self->mark_texts, index + 1);
    }
  g_free (g_ptr_array_index (self->mark_classes, index));
  g_free (g_ptr_array_index (self->mark_texts, index));
  g_ptr_array_index (self->mark_classes, index) = g_strdup (css_class);
  g_ptr_array_index (self->mark_texts, index) = g_strdup (text);

  if (index < self->buttons->len)
    describe_button (self, index);
}

void
tafel_move_list_clear_marks (TafelMoveList *self)
{
  g_return_if_fail (TAFEL_IS_MOVE_LIST (self));

  ensure_line (self);
  for (guint i = 0; i < self->buttons->len; i++)
    {
      GtkWidget *button = g_ptr_array_index (self->buttons, i);

      for (guint c = 0; c < self->mark_classes->len; c++)
        if (g_ptr_array_index (self->mark_classes, c) != NULL)
          gtk_widget_remove_css_class (button, g_ptr_array_index (self->mark_classes, c));
    }
  g_ptr_array_set_size (self->mark_classes, 0);
  g_ptr_array_set_size (self->mark_texts, 0);
  for (guint i = 0; i < self->buttons->len; i++)
    describe_button (self, i);
}

/* The text shown for move @index (0 for the first), for tests. */
const char *
tafel_move_list_get_text (TafelMoveList *self,
                          guint          index)
{
  g_return_val_if_fail (TAFEL_IS_MOVE_LIST (self), NULL);

  if (index >= self->buttons->len)
    return NULL;
  return gtk_label_get_text (g_object_get_data (g_ptr_array_index (self->buttons, index), "text"));
}

/* The button of move @index (0 for the first), for tests. */
GtkWidget *
tafel_move_list_get_button (TafelMoveList *self,
                            guint          index)
{
  g_return_val_if_fail (TAFEL_IS_MOVE_LIST (self), NULL);

  return index < self->buttons->len ? g_ptr_array_index (self->buttons, index) : NULL;
}

GtkWidget *
tafel_move_list_new (void)
{
  return g_object_new (TAFEL_TYPE_MOVE_LIST, NULL);
}

static void
tafel_move_list_dispose (GObject *object)
{
  TafelMoveList *self = TAFEL_MOVE_LIST (object);

  g_clear_handle_id (&self->scroll_id, g_source_remove);
  if (self->match != NULL)
    g_clear_signal_handler (&self->changed_id, self->match);
  g_clear_object (&self->match);
  g_clear_pointer (&self->scrolled, gtk_widget_unparent);

  G_OBJECT_CLASS (tafel_move_list_parent_class)->dispose (object);
}

static void
tafel_move_list_finalize (GObject *object)
{
  TafelMoveList *self = TAFEL_MOVE_LIST (object);

  g_ptr_array_unref (self->buttons);
  g_ptr_array_unref (self->mark_classes);
  g_ptr_array_unref (self->mark_texts);
  g_free (self->line);

  G_OBJECT_CLASS (tafel_move_list_parent_class)->finalize (object);
}

static void
tafel_move_list_class_init (TafelMoveListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = tafel_move_list_dispose;
  object_class->finalize = tafel_move_list_finalize;

  /**
   * TafelMoveList::go-to:
   * @n_moves: the position after this many moves of the line
   */
  signals[GO_TO] = g_signal_new ("go-to", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                 0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "movelist");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
tafel_move_list_init (TafelMoveList *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  self->buttons = g_ptr_array_new ();
  self->mark_classes = g_ptr_array_new_with_free_func (g_free);
  self->mark_texts = g_ptr_array_new_with_free_func (g_free);
  self->current = -1;

  self->scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scrolled),
                                  GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_parent (self->scrolled, GTK_WIDGET (self));

  self->grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (self->grid), 6);
  gtk_widget_set_margin_start (self->grid, 6);
  gtk_widget_set_margin_end (self->grid, 6);
  gtk_widget_set_margin_top (self->grid, 6);
  gtk_widget_set_margin_bottom (self->grid, 6);

  self->empty_label = gtk_label_new (_("No moves yet"));
  gtk_widget_add_css_class (self->empty_label, "dim-label");
  gtk_widget_set_margin_top (self->empty_label, 12);

  gtk_box_append (GTK_BOX (box), self->empty_label);
  gtk_box_append (GTK_BOX (box), self->grid);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scrolled), box);
  g_signal_connect_object (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scrolled)),
                           "changed", G_CALLBACK (on_adjustment_changed), self, G_CONNECT_SWAPPED);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Moves"), -1);
}
