/* tafel-color-scheme.c: the desktop's light or dark preference
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Read from the settings portal (org.freedesktop.appearance color-scheme)
 * where there is one, otherwise from GNOME's interface settings; both are
 * followed while the program runs.  Nothing blocks: the portal is asked
 * asynchronously, and until it answers the GNOME setting (or light) holds.
 */
#include "config.h"

#include "tafel-color-scheme.h"

#define PORTAL_NAME "org.freedesktop.portal.Desktop"
#define PORTAL_PATH "/org/freedesktop/portal/desktop"
#define PORTAL_SETTINGS "org.freedesktop.portal.Settings"
#define APPEARANCE "org.freedesktop.appearance"
#define INTERFACE_SCHEMA "org.gnome.desktop.interface"

struct _TafelColorScheme
{
  GObject parent_instance;

  GCancellable *cancellable;
  GDBusProxy *portal;
  GSettings *interface;
  gboolean prefer_dark;
  gboolean from_portal;
};

G_DEFINE_FINAL_TYPE (TafelColorScheme, tafel_color_scheme, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_PREFER_DARK,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
set_prefer_dark (TafelColorScheme *self,
                 gboolean          prefer_dark)
{
  if (self->prefer_dark == prefer_dark)
    return;

  self->prefer_dark = prefer_dark;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PREFER_DARK]);
}

static void
on_interface_changed (GSettings        *settings,
                      const char       *key,
                      TafelColorScheme *self)
{
  if (!self->from_portal)
    set_prefer_dark (self, g_settings_get_enum (settings, "color-scheme") == 1);
}

/* The portal's value: 1 prefer dark, 2 prefer light, 0 no preference. */
static void
portal_value (TafelColorScheme *self,
              GVariant         *value)
{
  g_autoptr(GVariant) inner = NULL;

  while (value != NULL && g_variant_is_of_type (value, G_VARIANT_TYPE_VARIANT))
    {
      GVariant *next = g_variant_get_variant (value);
      g_clear_pointer (&inner, g_variant_unref);
      inner = next;
      value = next;
    }
  if (value == NULL || !g_variant_is_of_type (value, G_VARIANT_TYPE_UINT32))
    return;

  self->from_portal = TRUE;
  set_prefer_dark (self, g_variant_get_uint32 (value) == 1);
}

static void
on_portal_signal (GDBusProxy       *proxy,
                  const char       *sender,
                  const char       *signal,
                  GVariant         *parameters,
                  TafelColorScheme *self)
{
  const char *ns, *key;
  g_autoptr(GVariant) value = NULL;

  if (g_strcmp0 (signal, "SettingChanged") != 0 ||
      !g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(ssv)")))
    return;

  g_variant_get (parameters, "(&s&sv)", &ns, &key, &value);
  if (g_strcmp0 (ns, APPEARANCE) == 0 && g_strcmp0 (key, "color-scheme") == 0)
    portal_value (self, value);
}

static void
on_read (GObject      *source,
         GAsyncResult *result,
         gpointer      data)
{
  g_autoptr(GVariant) reply = g_dbus_proxy_call_finish (G_DBUS_PROXY (source), result, NULL);
  g_autoptr(GVariant) value = NULL;

  /* No portal, or one without the appearance settings: keep the rest. */
  if (reply == NULL)
    return;

  g_variant_get (reply, "(v)", &value);
  portal_value (data, value);
}

static void
on_proxy (GObject      *source,
          GAsyncResult *result,
          gpointer      data)
{
  TafelColorScheme *self;
  GDBusProxy *proxy = g_dbus_proxy_new_for_bus_finish (result, NULL);

  if (proxy == NULL)
    return;

  self = data;
  self->portal = proxy;
  g_signal_connect (proxy, "g-signal", G_CALLBACK (on_portal_signal), self);
  g_dbus_proxy_call (proxy, "Read", g_variant_new ("(ss)", APPEARANCE, "color-scheme"),
                     G_DBUS_CALL_FLAGS_NONE, 2000, self->cancellable, on_read, self);
}

static void
tafel_color_scheme_dispose (GObject *object)
{
  TafelColorScheme *self = TAFEL_COLOR_SCHEME (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->portal);
  g_clear_object (&self->interface);

  G_OBJECT_CLASS (tafel_color_scheme_parent_class)->dispose (object);
}

static void
tafel_color_scheme_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  TafelColorScheme *self = TAFEL_COLOR_SCHEME (object);

  switch (prop_id)
    {
    case PROP_PREFER_DARK:
      g_value_set_boolean (value, self->prefer_dark);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tafel_color_scheme_class_init (TafelColorSchemeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tafel_color_scheme_dispose;
  object_class->get_property = tafel_color_scheme_get_property;

  properties[PROP_PREFER_DARK] =
    g_param_spec_boolean ("prefer-dark", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tafel_color_scheme_init (TafelColorScheme *self)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;

  self->cancellable = g_cancellable_new ();

  /* GNOME's own setting, where its schema is installed and knows it. */
  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, INTERFACE_SCHEMA, TRUE);
  if (schema != NULL && g_settings_schema_has_key (schema, "color-scheme"))
    {
      self->interface = g_settings_new (INTERFACE_SCHEMA);
      g_signal_connect (self->interface, "changed::color-scheme",
                        G_CALLBACK (on_interface_changed), self);
      on_interface_changed (self->interface, "color-scheme", self);
    }

  g_dbus_proxy_new_for_bus (G_BUS_TYPE_SESSION,
                            G_DBUS_PROXY_FLAGS_DO_NOT_LOAD_PROPERTIES |
                            G_DBUS_PROXY_FLAGS_DO_NOT_AUTO_START_AT_CONSTRUCTION,
                            NULL, PORTAL_NAME, PORTAL_PATH, PORTAL_SETTINGS,
                            self->cancellable, on_proxy, self);
}

TafelColorScheme *
tafel_color_scheme_new (void)
{
  return g_object_new (TAFEL_TYPE_COLOR_SCHEME, NULL);
}

gboolean
tafel_color_scheme_get_prefer_dark (TafelColorScheme *self)
{
  g_return_val_if_fail (TAFEL_IS_COLOR_SCHEME (self), FALSE);

  return self->prefer_dark;
}
