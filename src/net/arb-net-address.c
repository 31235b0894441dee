/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arb-net-address.c: addresses of network play. arboretum-cli's host,
 * join and watch, and the window's Join form, read a server's address the
 * same way; the server counts connections, tables and wrong codes by the
 * address they come from. */
#include "config.h"

#include <ifaddrs.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>
#include <glib/gi18n-lib.h>

#include "arb-net-address.h"
#include "arb-net-protocol.h"

/* Longer text is no address anyone typed. */
#define MAX_ADDRESS_LENGTH 255

/* A host name or an IP address (IPv6 without its brackets), nothing else. */
static gboolean
is_host (const char *host)
{
  if (host == NULL || *host == '\0')
    return FALSE;
  for (const char *c = host; *c != '\0'; c++)
    if (!g_ascii_isalnum (*c) && strchr (".-_:", *c) == NULL)
      return FALSE;
  return TRUE;
}

/* The address a person types as a server's: "192.168.1.20",
 * "host.lan:7421", "[::1]:7420", "ws://HOST:PORT" or the whole
 * "wss://HOST:PORT/arboretum". Without a port, ARB_NET_DEFAULT_PORT;
 * without a path, the game's. */
char *
arb_net_uri_for_address (const char *address, GError **error)
{
  g_autofree char *text = g_strstrip (g_strdup (address != NULL ? address : ""));
  gboolean has_scheme = g_str_has_prefix (text, "ws://") || g_str_has_prefix (text, "wss://");
  g_autofree char *full = has_scheme ? g_strdup (text) : g_strconcat ("ws://", text, NULL);
  g_autoptr (GUri) uri = NULL;
  g_autofree char *host = NULL;
  const char *path;
  int port;

  if (*text != '\0' && strlen (text) <= MAX_ADDRESS_LENGTH)
    uri = g_uri_parse (full, G_URI_FLAGS_NONE, NULL);
  if (uri == NULL || !is_host (g_uri_get_host (uri))
      || g_uri_get_query (uri) != NULL || g_uri_get_userinfo (uri) != NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("Not an address: type the one the host’s screen shows, such as 192.168.1.20:7420"));
      return NULL;
    }
  port = g_uri_get_port (uri) > 0 ? g_uri_get_port (uri) : ARB_NET_DEFAULT_PORT;
  host = strchr (g_uri_get_host (uri), ':') != NULL ? g_strdup_printf ("[%s]", g_uri_get_host (uri))
                                                   : g_strdup (g_uri_get_host (uri));
  path = g_uri_get_path (uri);
  if (*path == '\0' || g_str_equal (path, "/"))
    path = ARB_NET_PATH;
  return g_strdup_printf ("%s://%s:%d%s", g_str_equal (g_uri_get_scheme (uri), "wss") ? "wss" : "ws",
                          host, port, path);
}

/* What the server counts a connection's address as: an IPv4 address
 * whole (also written as IPv6), an IPv6 address by its /64 network, which
 * one subscriber usually holds whole. */
char *
arb_net_address_key (GInetAddress *address)
{
  const guint8 *bytes;

  g_return_val_if_fail (G_IS_INET_ADDRESS (address), NULL);
  bytes = g_inet_address_to_bytes (address);
  if (g_inet_address_get_family (address) == G_SOCKET_FAMILY_IPV4)
    return g_inet_address_to_string (address);
  /* ::ffff:a.b.c.d, an IPv4 client of a dual-stack socket. */
  if (memcmp (bytes, "\0\0\0\0\0\0\0\0\0\0\xff\xff", 12) == 0)
    return g_strdup_printf ("%u.%u.%u.%u", bytes[12], bytes[13], bytes[14], bytes[15]);
  return g_strdup_printf ("%x:%x:%x:%x::/64", bytes[0] << 8 | bytes[1], bytes[2] << 8 | bytes[3],
                          bytes[4] << 8 | bytes[5], bytes[6] << 8 | bytes[7]);
}

/* How many of something (connections, tables) counts holds for address:
 * a table of address keys to numbers, none held for a count of 0. */
guint
arb_net_address_count (GHashTable *counts, const char *address)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (counts, address));
}

/* One more (change +1) or one less (-1) for address in counts. */
void
arb_net_address_add (GHashTable *counts, const char *address, int change)
{
  guint count = (guint) ((int) arb_net_address_count (counts, address) + change);

  if (count == 0)
    g_hash_table_remove (counts, address);
  else
    g_hash_table_insert (counts, g_strdup (address), GUINT_TO_POINTER (count));
}

/* This machine's IPv4 addresses on its networks, loopback aside, each with
 * port ("192.168.1.20:7420"): where others reach a server it hosts. */
char **
arb_net_address_dup_local (guint port)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  struct ifaddrs *list = NULL;

  if (getifaddrs (&list) != 0)
    return g_strv_builder_end (builder);
  for (struct ifaddrs *i = list; i != NULL; i = i->ifa_next)
    {
      g_autoptr (GInetAddress) address = NULL;
      g_autofree char *text = NULL;
      g_autofree char *with_port = NULL;

      if (i->ifa_addr == NULL || i->ifa_addr->sa_family != AF_INET)
        continue;
      address = g_inet_address_new_from_bytes (
        (const guint8 *) &((const struct sockaddr_in *) (const void *) i->ifa_addr)->sin_addr,
        G_SOCKET_FAMILY_IPV4);
      if (g_inet_address_get_is_loopback (address))
        continue;
      text = g_inet_address_to_string (address);
      with_port = g_strdup_printf ("%s:%u", text, port);
      g_strv_builder_add (builder, with_port);
    }
  freeifaddrs (list);
  return g_strv_builder_end (builder);
}
