// The payment page, enhanced where JavaScript runs: copy buttons, a live countdown, live status
// and help on the card form. The page works without any of it (plain forms, a refreshing page):
// this script only adds to markup the server rendered (app/src/enhance.rs), and the card checks
// come from the same Rust rules the server applies (kassa_rules, built to plain wasm by
// scripts/build-site.sh), loaded only when a card form is shown.
(function () {
  'use strict';
  var self = document.currentScript;
  var nonce = self ? self.nonce : '';
  var rulesUrl = self ? self.getAttribute('data-rules') : null;
  var timers = [];

  function copyButtons(root) {
    root.querySelectorAll('button.copy[data-copy]').forEach(function (b) {
      var label = b.textContent;
      var name = b.getAttribute('aria-label');
      var done = b.getAttribute('data-done');
      b.hidden = false;
      b.setAttribute('data-ready', '1');
      b.addEventListener('click', function () {
        if (!navigator.clipboard) return;
        navigator.clipboard.writeText(b.getAttribute('data-copy')).then(function () {
          // The accessible name follows the visible label.
          b.textContent = done;
          b.setAttribute('aria-label', done);
          setTimeout(function () {
            b.textContent = label;
            b.setAttribute('aria-label', name);
          }, 2000);
        }, function () {});
      });
    });
  }

  function countdowns(root) {
    root.querySelectorAll('.countdown[data-seconds]').forEach(function (c) {
      var deadline = Date.now() + Number(c.getAttribute('data-seconds')) * 1000;
      var up = c.getAttribute('data-up');
      var tick = function () {
        var s = Math.ceil((deadline - Date.now()) / 1000);
        c.textContent = s <= 0 ? up : Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0');
        return s > 0;
      };
      c.setAttribute('data-ready', '1');
      if (tick()) {
        var id = setInterval(function () {
          if (!tick()) clearInterval(id);
        }, 1000);
        timers.push(id);
      }
    });
  }

  // Shows (or clears) one field's message, the way the server renders it.
  function mark(field, message) {
    var errorId = field.id + '-error';
    var existing = document.getElementById(errorId);
    if (message) {
      field.setAttribute('aria-invalid', 'true');
      field.setAttribute('aria-describedby', errorId);
      if (!existing) {
        existing = document.createElement('p');
        existing.className = 'field-error';
        existing.id = errorId;
        field.after(existing);
      }
      existing.textContent = message;
    } else {
      field.removeAttribute('aria-invalid');
      if (existing) existing.remove();
    }
  }

  // The card rules module (frontend/src/lib.rs): plain wasm functions; text goes in through
  // its input buffer and comes back from its output buffer (0: no answer, else length + 1).
  function loadRules(url) {
    var instantiate = WebAssembly.instantiateStreaming
      ? WebAssembly.instantiateStreaming(fetch(url), {})
      : fetch(url).then(function (r) { return r.arrayBuffer(); }).then(function (b) { return WebAssembly.instantiate(b, {}); });
    return instantiate.then(function (module) {
      var x = module.instance.exports;
      var encoder = new TextEncoder();
      var decoder = new TextDecoder();
      var put = function (texts) {
        var parts = texts.map(function (t) { return encoder.encode(String(t)); });
        var total = parts.reduce(function (n, p) { return n + p.length; }, 0);
        var at = x.input(total);
        // Read the memory after input(): growing it replaces the buffer.
        var memory = new Uint8Array(x.memory.buffer, at, total);
        var offset = 0;
        parts.forEach(function (p) { memory.set(p, offset); offset += p.length; });
        return parts.map(function (p) { return p.length; });
      };
      var take = function (n) {
        return n === 0 ? null : decoder.decode(new Uint8Array(x.memory.buffer, x.output(), n - 1));
      };
      var text = function (name) {
        return function () { return take(x[name].apply(null, put([].slice.call(arguments)))); };
      };
      return {
        pan_problem: text('pan_problem'),
        holder_problem: text('holder_problem'),
        cvv_problem: text('cvv_problem'),
        group: text('group'),
        expiry_problem: function (typed, year, month) {
          return take(x.expiry_problem(put([typed])[0], year, month));
        },
        cvv_max_length: function (typed) {
          return x.cvv_max_length(put([typed])[0]);
        },
      };
    });
  }

  function cardForm(root) {
    var helper = root.querySelector('[data-card-form]');
    if (!helper || !rulesUrl) return;
    loadRules(rulesUrl).then(function (rules) {
      var form = document.getElementById(helper.getAttribute('data-card-form'));
      if (!form) return;
      var messages = JSON.parse(helper.getAttribute('data-messages') || '{}');
      var field = function (id) {
        return document.getElementById(id);
      };
      var pan = field('pan');
      var cvv = field('cvv');
      var expiry = field('expiry');
      if (pan) {
        pan.addEventListener('input', function () {
          var grouped = rules.group(pan.value);
          if (grouped !== pan.value) pan.value = grouped;
          // The security code takes the scheme's length (Amex 4, others 3).
          if (cvv) cvv.setAttribute('maxlength', String(rules.cvv_max_length(grouped)));
        });
      }
      if (expiry) {
        // `1230` becomes `12/30` as it is typed (unless the payer types the slash).
        expiry.addEventListener('input', function () {
          var digits = expiry.value.replace(/\D/g, '').slice(0, 6);
          if (expiry.value.indexOf('/') < 0 && digits.length > 2) {
            expiry.value = digits.slice(0, 2) + '/' + digits.slice(2);
          }
        });
      }
      form.addEventListener('submit', function (event) {
        var value = function (id) {
          return field(id) ? field(id).value : '';
        };
        var now = new Date();
        var checks = [
          ['pan', rules.pan_problem(value('pan'))],
          ['expiry', rules.expiry_problem(value('expiry'), now.getFullYear(), now.getMonth() + 1)],
          ['holder', rules.holder_problem(value('holder'))],
          ['cvv', rules.cvv_problem(value('cvv'), value('pan'))],
        ];
        var firstBad = null;
        checks.forEach(function (check) {
          var input = field(check[0]);
          if (!input) return;
          mark(input, check[1] ? messages[check[1]] || check[1] : null);
          if (check[1] && !firstBad) firstBad = input;
        });
        if (firstBad) {
          event.preventDefault();
          firstBad.focus();
        }
      });
      helper.setAttribute('data-card-ready', '1');
    }).catch(function () {});
  }

  function enhance(root) {
    copyButtons(root);
    countdowns(root);
    cardForm(root);
  }

  // Replaces <main> with the current page's; its small scripts run again with this page's
  // nonce (scripts set through innerHTML never run).
  function swap(html) {
    var fresh = new DOMParser().parseFromString(html, 'text/html');
    var old = document.querySelector('main');
    var next = fresh.querySelector('main');
    if (!old || !next) throw new Error('no main');
    timers.forEach(clearInterval);
    timers = [];
    old.className = next.className;
    old.innerHTML = next.innerHTML;
    document.title = fresh.title;
    old.querySelectorAll('script').forEach(function (inert) {
      var live = document.createElement('script');
      live.nonce = nonce;
      live.textContent = inert.textContent;
      inert.replaceWith(live);
    });
    enhance(old);
    var heading = old.querySelector('h1');
    if (heading) {
      heading.setAttribute('tabindex', '-1');
      heading.focus();
    }
  }

  // Watches the payment's status and brings the page up to date without a reload.
  function liveStatus() {
    var el = document.querySelector('[data-status-url]');
    if (!el || el.getAttribute('data-active') !== '1') return;
    var version = Number(el.getAttribute('data-version'));
    var busy = false;
    var done = false;
    el.setAttribute('data-live', '1');
    var text = function (r) {
      if (!r.ok) throw new Error(String(r.status));
      return r.text();
    };
    var id = setInterval(function () {
      if (busy || done) return;
      busy = true;
      fetch(el.getAttribute('data-status-url')).then(text).then(function (body) {
        var status = JSON.parse(body);
        if (typeof status.version !== 'number' || status.version === version) return null;
        return fetch(el.getAttribute('data-page-url')).then(text).then(function (html) {
          swap(html);
          version = status.version;
          done = !!status.final;
          el.textContent = el.getAttribute('data-changed');
        });
      }).catch(function () {}).then(function () {
        busy = false;
        if (done) clearInterval(id);
      });
    }, 2500);
  }

  enhance(document);
  liveStatus();
})();
