/**
 * The dev identity provider's stand-in of Google Identity Services' client script
 * (`https://accounts.google.com/gsi/client`): the same global API the widget uses,
 * `google.accounts.id.initialize / prompt / renderButton / cancel`, with Google's moment
 * notifications (display, skipped, dismissed, and their reasons). Instead of Google's account
 * chooser it asks for the email of the account; the credential comes from the provider's dev
 * identity provider, signed with its keys, so the provider verifies it like a Google ID token.
 * Plain ES2017, no build step: it is served as is to test projects only.
 */
export const DEV_GSI_SCRIPT = String.raw`(function () {
  'use strict';
  var script = document.currentScript;
  var base = new URL(script && script.src ? script.src : location.href).origin;
  var config = null;
  var open = null;
  // Counts prompt() and cancel() calls: a prompt whose answer arrives after a later call is stale
  // and never shows (Google's script shows one prompt at a time, and none after cancel()).
  var generation = 0;

  function post(path, body) {
    return fetch(base + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
    }).then(function (r) { return r.json(); });
  }

  function moment(type, reason) {
    return {
      getMomentType: function () { return type; },
      isDisplayMoment: function () { return type === 'display'; },
      isDisplayed: function () { return type === 'display' && !reason; },
      isNotDisplayed: function () { return type === 'display' && !!reason; },
      getNotDisplayedReason: function () { return type === 'display' ? reason : undefined; },
      isSkippedMoment: function () { return type === 'skipped'; },
      getSkippedReason: function () { return type === 'skipped' ? reason : undefined; },
      isDismissedMoment: function () { return type === 'dismissed'; },
      getDismissedReason: function () { return type === 'dismissed' ? reason : undefined; },
    };
  }

  function close() {
    if (open) open.remove();
    open = null;
  }

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text) node.textContent = text;
    return node;
  }

  function render(notify, projectName) {
    var parent = config.prompt_parent_id ? document.getElementById(config.prompt_parent_id) : null;
    var root = el('div', { role: 'dialog', 'aria-label': 'Sign in with Google', 'data-dev-gsi': 'prompt' });
    root.style.cssText = 'box-sizing:border-box;font:14px Arial,sans-serif;color:#202124;background:#fff;' +
      'border:1px solid #dadce0;border-radius:8px;padding:12px;' +
      (parent ? 'width:100%;' : 'position:fixed;top:16px;right:16px;width:360px;z-index:9999;');
    var heading = el('p', {}, 'Sign in to ' + projectName + ' with Google (dev identity provider)');
    heading.style.cssText = 'margin:0 0 8px;font-weight:bold;';
    var form = el('form', {});
    var label = el('label', {}, 'Email of your Google account');
    var input = el('input', { type: 'email', name: 'email', required: '', autocomplete: 'off' });
    input.style.cssText = 'display:block;width:100%;box-sizing:border-box;margin:4px 0 8px;padding:6px;';
    label.appendChild(input);
    var problem = el('p', { role: 'alert' });
    problem.style.cssText = 'margin:0 0 8px;color:#b3261e;';
    var go = el('button', { type: 'submit' }, 'Continue');
    var cancel = el('button', { type: 'button', 'aria-label': 'Close' }, 'Close');
    cancel.style.marginLeft = '8px';
    form.append(label, problem, go, cancel);
    root.append(heading, form);
    cancel.addEventListener('click', function () {
      close();
      notify(moment('skipped', 'user_cancel'));
    });
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      go.disabled = true;
      var chosen = config;
      post('/dev/gsi/credential', { client_id: chosen.client_id, email: input.value, nonce: chosen.nonce || null })
        .then(function (answer) {
          go.disabled = false;
          if (!answer.credential) {
            problem.textContent = answer.error_description || 'The dev identity provider refused this account.';
            return;
          }
          close();
          notify(moment('dismissed', 'credential_returned'));
          if (typeof chosen.callback === 'function') {
            chosen.callback({ credential: answer.credential, select_by: 'user', clientId: chosen.client_id });
          }
        }, function () {
          go.disabled = false;
          problem.textContent = 'The dev identity provider could not be reached.';
        });
    });
    (parent || document.body).appendChild(root);
    open = root;
  }

  function prompt(listener) {
    var notify = typeof listener === 'function' ? listener : function () {};
    if (!config || !config.client_id) {
      notify(moment('display', 'missing_client_id'));
      return;
    }
    close();
    var mine = ++generation;
    post('/dev/gsi/prompt', { client_id: config.client_id }).then(function (answer) {
      if (mine !== generation) return;
      if (answer.error) {
        notify(moment('display', answer.error));
        return;
      }
      render(notify, answer.project_name);
      notify(moment('display'));
    }, function () {
      if (mine === generation) notify(moment('display', 'unknown_reason'));
    });
  }

  function cancel() {
    generation++;
    close();
  }

  window.google = window.google || {};
  window.google.accounts = window.google.accounts || {};
  window.google.accounts.id = {
    initialize: function (c) { config = Object.assign({}, c); },
    prompt: prompt,
    renderButton: function (parent, options) {
      var button = el('button', { type: 'button' }, (options && options.text) || 'Sign in with Google');
      button.addEventListener('click', function () { prompt(); });
      parent.appendChild(button);
    },
    cancel: cancel,
    disableAutoSelect: function () {},
  };
})();
`;
