// The first script of every React Router page (the sign-in pages, the 404 page) and of every page
// of the client and admin areas, written inline at the top of <head> by
// scripts/react-router-html.ts and scripts/areas-html.ts:
//  - it asks for the session at once, and on an area page for the page's first data, so the
//    answers are there when the app starts instead of round trips after it
//    (lib/early-responses.ts hands them to the first GET of each);
//  - it fetches the app's modules once the page has painted its first frame: the HTML and CSS
//    of that frame (the sign-in form, the areas' frame) then have the network to themselves on
//    a slow phone, and running the app does not hold the paint back. The modulepreload links
//    that React Router wrote in <head> are added then, with the route's own chunks when the
//    server named them, so that every module is fetched at once instead of one import after
//    another.
// Plain ES5 in a string: it runs before any module and its hash is allowed by the CSP
// (web-app.ts hashes the inline scripts of the built pages).

import { appBootId, earlyGetAttribute, modulePreloadAttribute } from "../../domain/web-boot";

export const bootScript = `(function () {
  var early = (window.__early = {});
  function get(path) {
    var answer = fetch(path, { headers: { Accept: "application/json" }, credentials: "same-origin" });
    answer.catch(function () {});
    early[path] = answer;
  }
  function lists(attribute) {
    var all = [];
    document.querySelectorAll("script[" + attribute + "]").forEach(function (list) {
      all = all.concat(JSON.parse(list.textContent || "[]"));
    });
    return all;
  }
  // An area page names its first data (src/domain/area-routes.ts) in a block written before this
  // script: asked for now too, when the address has no query string (the pages' defaults). A page
  // the server drew with its data ("rendered") carries the session and its data already.
  var data = document.querySelector("script[${earlyGetAttribute}]");
  var spec = data ? JSON.parse(data.textContent || "{}") : {};
  if (!spec.rendered) get("/api/session");
  if (data && !location.search) {
    var names = String(spec.pattern || "").split("/");
    var parts = location.pathname.split("/");
    (spec.get || []).forEach(function (url) {
      // Route parameters are request numbers (an integer column): a page given anything else
      // (/client/prets/abc) says 'Prêt non trouvé' without asking the server, and so does this.
      var valid = true;
      var filled = url.replace(/:([A-Za-z]+)/g, function (_whole, name) {
        var value = parts[names.indexOf(":" + name)] || "";
        if (!/^[1-9][0-9]{0,9}$/.test(value) || Number(value) > 2147483647) valid = false;
        return value;
      });
      if (valid) get(filled);
    });
  }
  // A form sent before the app has started (a quick tap on a slow phone) waits for it, then goes
  // through the app with what was typed, instead of reloading the page with its fields in the
  // address. The app calls __onAppStart once it has hydrated (root.tsx).
  var waiting = null;
  document.addEventListener("submit", function (event) {
    if (window.__appStarted) return;
    event.preventDefault();
    waiting = event;
  }, true);
  // On a page the server drew with its data, a button can be tapped before the app has started:
  // the tap waits for the app, then is made again. The app hydrates in slices
  // (src/web/areas/main.tsx) and a tap can come between two, so React must not see it at all: a
  // press would make React hydrate at once, and could draw a list again (cards turned into a
  // table) between the press and the click, which then lands on what holds both. So the press is
  // held too and its button remembered; a click that follows a press held before the start, even
  // once started, is made again on that button (or the one drawn in its place).
  // A link needs no app: before the start its press and click are kept from React too, and the
  // browser follows it as a plain link. Given to React mid-hydration, the click would be its
  // router's, on a page whose router is not running yet, and lead nowhere.
  var tapped = null;
  var pressed = null;
  function targetOf(event) {
    return event.target && event.target.closest ? event.target.closest("button, a[href]") : null;
  }
  function isButton(element) {
    return element.tagName === "BUTTON";
  }
  if (spec.rendered) {
    ["pointerdown", "mousedown", "touchstart", "pointerup", "mouseup", "touchend"].forEach(function (type) {
      var down = /down|start/.test(type);
      document.addEventListener(type, function (event) {
        if (window.__appStarted) {
          if (down) pressed = null;
          return;
        }
        var target = targetOf(event);
        if (!target) return;
        event.stopPropagation();
        if (down) pressed = isButton(target) ? target : null;
      }, true);
    });
    document.addEventListener("click", function (event) {
      var held = pressed;
      pressed = null;
      if (window.__appStarted) {
        if (!held) return;
        event.preventDefault();
        event.stopPropagation();
        return tapAgain(held);
      }
      var target = held || targetOf(event);
      if (!target) return;
      event.stopPropagation();
      if (!isButton(target)) return;
      event.preventDefault();
      tapped = target;
    }, true);
  }
  // The app may have drawn the button again (a list that turns from cards into a table once its
  // width is known): the same button is then the only one with the same name.
  function stillThere(button) {
    if (button.isConnected) return button;
    var name = button.getAttribute("aria-label") || button.textContent;
    var same = [].filter.call(document.querySelectorAll("button"), function (other) {
      return (other.getAttribute("aria-label") || other.textContent) === name;
    });
    return same.length === 1 ? same[0] : null;
  }
  // As a tap: the focus first (a dialog gives it back to its button when it closes), then a
  // pointer press (a menu's button, Radix, opens on it, not on the click), then the click.
  function tapAgain(held) {
    var button = stillThere(held);
    if (!button) return;
    button.focus();
    if (typeof PointerEvent === "function") {
      ["pointerdown", "pointerup"].forEach(function (type) {
        button.dispatchEvent(new PointerEvent(type, {
          bubbles: true, cancelable: true, composed: true, button: 0, isPrimary: true, pointerType: "mouse",
        }));
      });
    }
    button.click();
  }
  window.__onAppStart = function () {
    window.__appStarted = true;
    var held = tapped;
    tapped = null;
    var sent = waiting;
    waiting = null;
    // The tap once the app's first updates are done (a list measures its width and may draw a
    // table in place of its cards in the same moment).
    if (held) return setTimeout(function () {
      tapAgain(held);
    }, 0);
    if (!sent || !sent.target.isConnected) return;
    var submitter = sent.submitter && sent.submitter.form === sent.target ? sent.submitter : undefined;
    sent.target.requestSubmit(submitter);
  };
  var started = false;
  function start() {
    if (started) return;
    started = true;
    lists("${modulePreloadAttribute}").forEach(function (href) {
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.appendChild(link);
    });
    var app = document.getElementById("${appBootId}");
    if (!app) return;
    var script = document.createElement("script");
    script.type = "module";
    script.textContent = app.textContent;
    document.body.appendChild(script);
  }
  function whenParsed() {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
    else start();
  }
  // An area page whose first paint is only the frame (its content comes from the app and its
  // data) starts the app at once: waiting for that paint would only delay what the reader came
  // for. A page whose heading is painted with the frame (and the other pages) paints first.
  if (spec.paintFirst === false) return whenParsed();
  var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (!types || types.indexOf("paint") < 0) return whenParsed();
  var timer = setTimeout(whenParsed, 1000);
  new PerformanceObserver(function (entries, observer) {
    if (!entries.getEntriesByName("first-contentful-paint").length) return;
    observer.disconnect();
    clearTimeout(timer);
    whenParsed();
  }).observe({ type: "paint", buffered: true });
})();`;
