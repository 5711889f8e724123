# Varnish in front of an on-demand Site Content storefront served by @astrojs/node with
# surrogateKeyCache() (README of @sitecontent/astro, "A CDN in front"). Needs Varnish 7 and the
# xkey module (Debian: varnish, varnish-modules). The backend's address below is replaced by the
# tests; set your own.
vcl 4.1;

import std;
import xkey;

backend default {
  .host = "127.0.0.1";
  .port = "4321";
}

# Who may purge: the Node server that runs the site (its surrogateKeyCache purge.url points here).
acl purgers {
  "127.0.0.1";
  "::1";
}

sub vcl_recv {
  if (req.method == "PURGE") {
    if (client.ip !~ purgers) {
      return (synth(403, "Forbidden"));
    }
    if (!req.http.xkey-purge) {
      return (synth(400, "Name the keys to purge in xkey-purge"));
    }
    set req.http.x-purged = xkey.purge(req.http.xkey-purge);
    return (synth(200, "Purged " + req.http.x-purged));
  }
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
}

sub vcl_backend_response {
  # The page's freshness at the CDN comes from Surrogate-Control (browsers never see it); a
  # response without it (an error page, the purge endpoint) keeps Varnish's reading of Cache-Control.
  if (beresp.http.Surrogate-Control ~ "max-age=[0-9]+") {
    set beresp.ttl = std.duration(
      regsub(beresp.http.Surrogate-Control, "^.*max-age=([0-9]+).*$", "\1") + "s", 0s);
    set beresp.grace = 0s;
    if (beresp.http.Surrogate-Control ~ "stale-while-revalidate=[0-9]+") {
      set beresp.grace = std.duration(
        regsub(beresp.http.Surrogate-Control, "^.*stale-while-revalidate=([0-9]+).*$", "\1") + "s", 0s);
    }
  }
  if (beresp.http.Cache-Control ~ "no-store") {
    set beresp.uncacheable = true;
    return (deliver);
  }
  # xkey reads its keys from the xkey header: the page's cache tags.
  if (beresp.http.Surrogate-Key) {
    set beresp.http.xkey = beresp.http.Surrogate-Key;
  }
  # The server failed while a stale page was being served: keep serving the stale page.
  if (beresp.status >= 500 && bereq.is_bgfetch) {
    return (abandon);
  }
}

sub vcl_deliver {
  unset resp.http.xkey;
  unset resp.http.Surrogate-Key;
  unset resp.http.Surrogate-Control;
  if (obj.hits > 0) {
    set resp.http.X-Cache = "HIT";
  } else {
    set resp.http.X-Cache = "MISS";
  }
}
