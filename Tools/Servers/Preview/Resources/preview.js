// Livery preview: draws the screen the server publishes and sends what the
// person does as messages. No build step; plain DOM.
'use strict';

const brand = decodeURIComponent(location.pathname.split('/')[2] || '');
const mirrored = new URLSearchParams(location.search).has('mirror');
document.getElementById('theme').href = '/' + location.pathname.split('/')[1] + '/' + encodeURIComponent(brand) + '/theme.css';
// The logo comes with the theme: once the theme is in, the bar is drawn again to show it.
document.getElementById('theme').addEventListener('load', () => {
  if (!state.screen) return;
  delete drawn.appBar;
  renderAppBar(state.screen.appBar);
});

const state = {
  socket: null, screen: null, applyingFocus: false, pendingInput: null, formKey: '', secrets: {}, secureShown: {},
  // The step last announced, and the element focused before an alert took the focus.
  announcedStep: null, focusBeforeAlert: null,
  // The suggestion the arrow keys have made active, or -1.
  activeSuggestion: -1,
};
// Milliseconds from a keystroke to the repaint of the screen that answered it.
window.liveryLatencies = [];
window.liveryScreen = null;

const $ = id => document.getElementById(id);
function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (key === 'text') node.textContent = value;
    else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else if (key === 'dataset') Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? '' : value);
  }
  for (const child of children) if (child) node.appendChild(child);
  return node;
}

// MARK: Connection

// What the person did in this session, in order, each with when it was sent:
// after a restart of the server the page replays it into the new session, so
// it returns to the same step, values, world and recording. Kept in memory
// only (it holds what was typed, passwords too), never stored. Saving a file
// is not replayed; starting again or recording from the start keeps only what
// set the world (sign-in, betslip, flags and faults).
const journal = [];
const replayLimit = 60000; // the longest wait one replayed gap may ask for, in milliseconds
const journalLimit = 5000; // the most actions kept: a longer session says it can no longer be replayed whole
const worldTypes = ['signIn', 'signOut', 'betslip', 'flag', 'faults'];
let disconnectedAt = null;

function connect() {
  const socket = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws?brand=' + encodeURIComponent(brand));
  state.socket = socket;
  socket.onopen = () => {
    if (disconnectedAt === null && journal.length === 0) { status(''); return; }
    replay(socket, 'Reconnected');
  };
  socket.onmessage = event => {
    const message = JSON.parse(event.data);
    if (message.type === 'error') { status(message.message, true); return; }
    // The brand studio changed the brand: the session started again, and the page replays what was done.
    if (message.type === 'restarted') { replay(socket, 'Brand changed'); return; }
    if (message.type === 'studio') { renderStudio(message); return; }
    // A screen carries the sections that changed; the page keeps the others.
    if (message.type === 'screen') render(Object.assign({}, state.screen, message.screen));
  };
  socket.onclose = () => {
    if (disconnectedAt === null) disconnectedAt = performance.now();
    status('Disconnected from the preview server: reconnecting… What you do now is kept and sent when it is back.', true);
    setTimeout(connect, 1000);
  };
}

// Sends the journal to a new session: each action after the time that passed before it.
function replay(socket, why) {
  const count = journal.length;
  const until = Math.min(disconnectedAt ?? performance.now(), performance.now());
  let previous = count ? journal[0].at : until;
  for (const entry of journal) {
    socket.send(JSON.stringify({ type: 'elapse', milliseconds: gap(previous, entry.at) }));
    socket.send(JSON.stringify(entry.message));
    previous = entry.at;
  }
  if (count) socket.send(JSON.stringify({ type: 'elapse', milliseconds: gap(previous, until) }));
  disconnectedAt = null;
  status(count ? why + ': ' + count + ' action' + (count === 1 ? '' : 's') + ' replayed; you are where you were.' : why + '.');
}

function gap(from, to) { return Math.max(0, Math.min(replayLimit, Math.round(to - from))); }

function remember(message) {
  if (message.type === 'save' || message.type === 'elapse' || message.type.startsWith('studio')) return;
  if (message.type === 'reset' || (message.type === 'record' && message.on)) {
    const kept = journal.filter(entry => worldTypes.includes(entry.message.type));
    journal.length = 0;
    journal.push(...kept);
    if (message.type === 'reset') return;
  }
  // Keystrokes into one input, one after another, are kept as the last value typed (at its time):
  // the field ends the same, and a long session stays short to replay.
  const last = journal[journal.length - 1];
  if (message.type === 'change' && last && last.message.type === 'change' && last.message.input === message.input) {
    last.message = message;
    last.at = performance.now();
    return;
  }
  if (journal.length >= journalLimit) {
    status('This session has ' + journalLimit + ' actions: a restart of the server would no longer bring it back whole. Start again to replay from here.', true);
    return;
  }
  journal.push({ message, at: performance.now() });
}

function send(message, fromMirror) {
  const open = state.socket && state.socket.readyState === WebSocket.OPEN;
  remember(message);
  if (!open) {
    const held = journal.filter(entry => entry.at >= (disconnectedAt ?? 0)).length;
    status('Disconnected: ' + held + ' action' + (held === 1 ? '' : 's') + ' held; sent when the server is back.', true);
    return;
  }
  if ($('status').className === 'error') status(''); // the previous error answered an earlier action
  state.socket.send(JSON.stringify(message));
  if (mirrored && !fromMirror && window.parent !== window) window.parent.postMessage({ liveryAction: message }, '*');
}

window.addEventListener('message', event => {
  if (event.data && event.data.liveryApply) send(event.data.liveryApply, true);
});

function status(text, isError) {
  const node = $('status');
  node.textContent = text;
  node.className = isError ? 'error' : '';
}

// MARK: Rendering

function render(screen) {
  window.liveryScreen = screen;
  state.screen = screen;
  renderAppBar(screen.appBar);
  renderJourney(screen.join);
  renderPanel(screen);
  if (state.pendingInput !== null) {
    window.liveryLatencies.push(performance.now() - state.pendingInput);
    state.pendingInput = null;
  }
}

// Draws `screen` as if it were the first the page shows: every part built anew, nothing kept focused,
// revealed or announced from the screens before. The gallery draws each still this way, so a picture of a
// screen never depends on which screens were drawn before it, nor on when the browser repainted them.
function renderAfresh(screen) {
  for (const name of Object.keys(drawn)) delete drawn[name];
  Object.assign(state, { formKey: '', drawnPage: undefined, announcedStep: null, focusBeforeAlert: null, activeSuggestion: -1, secureShown: {} });
  if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur();
  for (const id of ['form', 'alert', 'route', 'overlays', 'actions']) $(id).replaceChildren();
  $('alert').hidden = true;
  $('route').hidden = true;
  window.scrollTo(0, 0);
  render(screen);
}

// Whether `value` differs from what part `name` last drew: parts that did not
// change are left alone, so a button keeps its keyboard focus across screens.
const drawn = {};
function changed(name, value) {
  // An absent value is drawn as null: a part never drawn (or drawn afresh) is drawn on its first call.
  const key = JSON.stringify(value ?? null);
  if (drawn[name] === key) return false;
  drawn[name] = key;
  return true;
}

function renderAppBar(bar) {
  if (!changed('appBar', bar)) return;
  const header = $('app-bar');
  header.replaceChildren();
  header.dataset.signedIn = bar.signedIn;
  for (const [group, items] of [['left', bar.left], ['centre', bar.centre], ['right', bar.right]]) {
    const section = el('div', { class: 'bar-' + group });
    for (const item of items) {
      if (item.spacer) { section.appendChild(el('span', { class: 'spacer', 'aria-hidden': 'true' })); continue; }
      if (item.id === 'logo') { section.appendChild(logo()); continue; }
      const label = item.text ? item.text : item.name;
      const button = el('button', {
        type: 'button', id: 'bar-' + item.id, class: 'bar-item' + (item.active ? ' active' : '') + (item.animates ? ' animates' : ''),
        disabled: !item.enabled, 'aria-pressed': item.active ? 'true' : false, title: item.name,
        'aria-label': item.name + (item.text && item.text !== item.name ? ', ' + item.text : '') + (item.badge !== null && item.badge !== undefined ? ', ' + item.badge + ' waiting' : ''),
        dataset: { item: item.id, icon: item.icon || '' }, onclick: () => send({ type: 'appBarTap', item: item.id }),
      }, el('span', { class: 'icon', 'aria-hidden': 'true', text: glyph(item.id) }), el('span', { class: 'label', text: label }));
      if (item.badge !== null && item.badge !== undefined) button.appendChild(el('span', { class: 'badge', text: String(item.badge), 'aria-label': item.badge + ' waiting' }));
      section.appendChild(button);
    }
    header.appendChild(section);
  }
  const overlays = $('overlays');
  overlays.replaceChildren();
  if (bar.userTray) overlays.appendChild(el('div', { id: 'user-tray', class: 'overlay', role: 'dialog', 'aria-label': 'User tray' },
    el('p', { text: 'User tray' }), el('button', { type: 'button', text: 'Close', onclick: () => send({ type: 'appBarEvent', event: 'userTrayDismissed' }) })));
  if (bar.locker !== 'closed') overlays.appendChild(el('div', { id: 'locker', class: 'overlay ' + bar.locker, role: 'dialog', 'aria-label': 'Locker' },
    el('p', { text: bar.locker === 'open' ? 'Locker' : 'Locker opening…' }),
    el('button', { type: 'button', text: 'Close', onclick: () => send({ type: 'appBarEvent', event: 'lockerDismissed' }) })));
  if (bar.route) overlays.appendChild(el('div', { id: 'bar-route', class: 'overlay', role: 'status' },
    el('p', { text: 'App bar route: ' + bar.route }), el('button', { type: 'button', text: 'Back', onclick: () => send({ type: 'appBarEvent', event: 'routeHandled' }) })));
}

function renderJourney(join) {
  const form = $('form');
  const key = JSON.stringify([join.page, join.rows, join.address && [join.address.mode, join.address.manual.map(c => c.id)], join.depositLimit && join.depositLimit.children.map(c => c.id)]);
  if (key !== state.formKey) {
    // A control the person is using (a radio, a drop-down) and that is drawn again keeps the focus.
    const kept = form.contains(document.activeElement) && join.page === (state.drawnPage ?? join.page) ? document.activeElement.id : null;
    state.formKey = key;
    state.drawnPage = join.page;
    form.replaceChildren();
    for (const row of join.rows) {
      const line = el('div', { class: 'row', role: 'group' });
      for (const name of row) line.appendChild(buildField(join, name));
      form.appendChild(line);
    }
    const again = kept ? document.getElementById(kept) : null;
    if (again) { state.applyingFocus = true; again.focus(); state.applyingFocus = false; }
  }
  $('page-title').textContent = 'Step ' + join.pageNumber + ' of ' + join.pageCount;
  const bar = $('progress');
  bar.hidden = !join.showsProgress;
  bar.setAttribute('aria-valuenow', join.progress);
  $('progress-bar').style.width = join.progress + '%';
  for (const field of join.fields) updateField(join, field);
  if (join.address) updateAddress(join.address);
  if (join.depositLimit) updateDepositLimit(join.depositLimit);
  renderActions(join);
  renderAlert(join.alert);
  // A route the journey reaches (signed up, a link) is drawn once, announced, and takes the focus.
  if (changed('route', join.route || null)) {
    const route = $('route');
    route.hidden = !join.route;
    route.replaceChildren();
    if (join.route) {
      route.append(el('p', { text: 'Route reached: ' + join.route }), el('button', { type: 'button', id: 'route-done', text: 'Done', onclick: () => send({ type: 'routeHandled' }) }));
      announce('Route reached: ' + join.route);
      if ($('alert').hidden) $('route-done').focus();
    }
  }
  // Tab order is the engine's focus order.
  for (const node of form.querySelectorAll('[data-input]')) {
    // Drop-downs and tick boxes take no engine focus but must stay reachable from the keyboard.
    node.tabIndex = join.focusOrder.includes(node.dataset.input) || node.type === 'checkbox' || node.tagName === 'SELECT' ? 0 : -1;
  }
  applyFocus(join.focus);
  announceStep(join);
}

// A new step is announced once, politely; if the engine focuses no field there, the step's
// heading takes the focus, so a keyboard or screen-reader user starts at the top of it.
function announceStep(join) {
  const step = join.pageNumber + '/' + join.pageCount;
  if (state.announcedStep === step) return;
  const first = state.announcedStep === null;
  state.announcedStep = step;
  if (first) return;                                  // the page as it opens is not news
  announce('Step ' + join.pageNumber + ' of ' + join.pageCount);
  if (!join.focus && !join.alert) $('page-title').focus();
}

function buildField(join, name) {
  const field = join.fields.find(f => f.id === name);
  const wrapper = el('div', { class: 'field', id: 'field-' + name, dataset: { field: name } });
  if (!field) return wrapper;
  if (field.inputType === 'Address') { wrapper.appendChild(buildAddress(field, join.address)); return wrapper; }
  if (field.inputType === 'DepositLimit') { wrapper.appendChild(buildDepositLimit(field, join.depositLimit)); return wrapper; }
  wrapper.appendChild(buildInput(field.id, field.label, field.inputType, field.options, field));
  // The format's hint comes before any error, and the input is described by both.
  if (field.hint) {
    wrapper.insertBefore(el('p', { class: 'hint', id: name + '-hint', text: field.hint }), wrapper.querySelector('input'));
    const input = wrapper.querySelector('[data-input]');
    if (input) input.setAttribute('aria-describedby', name + '-hint ' + name + '-messages');
  }
  wrapper.appendChild(el('p', { class: 'messages', id: name + '-messages', 'aria-live': 'polite' }));
  return wrapper;
}

function buildInput(id, label, type, options, traits) {
  const fragment = document.createDocumentFragment();
  if (type === 'Checkbox') {
    const box = el('input', { type: 'checkbox', id: 'input-' + id, dataset: { input: id }, 'aria-describedby': id + '-messages' });
    box.addEventListener('click', event => { event.preventDefault(); send({ type: 'toggle', field: id }); });
    fragment.append(box, el('label', { for: 'input-' + id, text: label }));
    return fragment;
  }
  fragment.appendChild(el('label', { for: 'input-' + id, text: label + (traits && traits.required ? '' : ' (optional)') }));
  let input;
  if (options) {
    input = el('select', { id: 'input-' + id, dataset: { input: id }, 'aria-describedby': id + '-messages' }, el('option', { value: '', text: 'Choose…' }));
    for (const option of options) input.appendChild(el('option', { value: option, text: option }));
    input.addEventListener('change', () => { mark(); send({ type: 'change', input: id, value: input.value }); });
  } else {
    input = el('input', {
      id: 'input-' + id, dataset: { input: id }, 'aria-describedby': id + '-messages',
      type: traits && traits.secure ? 'password' : 'text', autocomplete: 'off',
      inputmode: traits ? { phone: 'tel', number: 'numeric', email: 'email' }[traits.keyboard] || 'text' : 'text',
      autocapitalize: traits ? { words: 'words', sentences: 'sentences' }[traits.capitalisation] || 'off' : 'off',
      maxlength: traits && traits.limit ? traits.limit : false,
    });
    input.addEventListener('input', () => {
      if (traits && traits.secure) state.secrets[id] = input.value;
      mark(); send({ type: 'change', input: id, value: input.value });
    });
    input.addEventListener('keydown', event => { if (event.key === 'Enter') { event.preventDefault(); send({ type: 'next' }); } });
    // The engine only shows a secure field masked: a rebuilt form keeps what was typed from here.
    if (traits && traits.secure && state.secrets[id]) input.value = state.secrets[id];
  }
  input.addEventListener('focus', () => { if (!state.applyingFocus && state.screen && state.screen.join.focus !== id && state.screen.join.focusOrder.includes(id)) send({ type: 'focus', input: id }); });
  fragment.appendChild(input);
  return fragment;
}

function updateField(join, field) {
  const input = document.querySelector('[data-input="' + cssEscape(field.id) + '"]');
  if (!input || field.inputType === 'Address' || field.inputType === 'DepositLimit') return;
  const wrapper = $('field-' + field.id);
  wrapper.dataset.status = field.status;
  wrapper.classList.toggle('validating', field.validating);
  if (input.type === 'checkbox') input.checked = !!field.ticked;
  // A secure field's display is the engine's mask (one dot a character): written into the
  // input, the next keystroke would send the dots as the password. Only a cleared one is copied.
  // Only the engine emptying a field it showed filled clears it: a journal replayed after a
  // restart shows the field empty before its keystrokes arrive, and what was typed stays.
  else if (field.secure) {
    if (!field.display && state.secureShown[field.id]) { input.value = ''; delete state.secrets[field.id]; }
    state.secureShown[field.id] = !!field.display;
  }
  else if (input.value !== field.display && document.activeElement !== input) input.value = field.display;
  else if (input.value !== field.display && input.tagName === 'INPUT') setKeepingCaret(input, field.display);
  else if (input.tagName === 'SELECT' && input.value !== field.display) input.value = field.display;
  input.disabled = !field.enabled;
  input.setAttribute('aria-invalid', field.status === 'invalid' || field.status === 'error' ? 'true' : 'false');
  input.setAttribute('aria-busy', field.validating ? 'true' : 'false');
  const messages = $(field.id + '-messages');
  if (messages) messages.textContent = field.validating ? 'Checking…' : field.messages.join(' ');
}

function buildAddress(field, address) {
  const box = el('fieldset', { class: 'address', id: 'address' }, el('legend', { text: field.label }));
  if (!address || address.mode === 'search') {
    // The ARIA combobox pattern: arrows move through the suggestions (aria-activedescendant),
    // Enter chooses the active one or searches at once, Escape closes the list.
    const search = el('input', { type: 'text', id: 'input-' + field.id, dataset: { input: field.id }, role: 'combobox', 'aria-expanded': 'false', 'aria-controls': 'suggestions', 'aria-autocomplete': 'list', 'aria-describedby': field.id + '-messages', autocomplete: 'off' });
    search.addEventListener('input', () => { state.activeSuggestion = -1; mark(); send({ type: 'change', input: field.id, value: search.value }); });
    search.addEventListener('keydown', event => {
      const options = [...document.querySelectorAll('#suggestions .suggestion')];
      if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && options.length) {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        state.activeSuggestion = (state.activeSuggestion + step + options.length) % options.length;
        showActiveSuggestion();
      } else if (event.key === 'Enter') {
        event.preventDefault();
        const active = options[state.activeSuggestion];
        if (active) send({ type: 'addressSelect', position: Number(active.dataset.position) }); else send({ type: 'addressSubmit' });
        state.activeSuggestion = -1;
      } else if (event.key === 'Escape') {
        state.activeSuggestion = -1;
        send({ type: 'addressClose' });
      }
    });
    search.addEventListener('focus', () => { if (!state.applyingFocus && state.screen && state.screen.join.focus !== field.id) send({ type: 'focus', input: field.id }); });
    box.append(el('label', { for: 'input-' + field.id, text: 'Search for your address' }), search, el('ul', { id: 'suggestions', role: 'listbox', 'aria-label': 'Address suggestions' }),
      el('p', { id: 'address-chosen' }),
      el('div', { class: 'address-actions' },
        el('button', { type: 'button', id: 'address-manual', text: 'Enter manually', onclick: () => send({ type: 'addressManual' }) }),
        el('button', { type: 'button', id: 'address-clear', text: 'Clear', onclick: () => send({ type: 'addressClear' }) })));
  } else {
    for (const child of address.manual) {
      const wrapper = el('div', { class: 'field child', id: 'field-' + child.id });
      wrapper.appendChild(buildInput(child.id, child.label, child.options ? 'Select' : 'Text', child.options, { required: child.required }));
      wrapper.appendChild(el('p', { class: 'messages', id: child.id + '-messages', 'aria-live': 'polite' }));
      box.appendChild(wrapper);
    }
    box.appendChild(el('div', { class: 'address-actions' },
      el('button', { type: 'button', id: 'address-back', text: 'Back to search', onclick: () => send({ type: 'addressBack' }) }),
      el('button', { type: 'button', id: 'address-clear', text: 'Clear', onclick: () => send({ type: 'addressClear' }) })));
  }
  box.appendChild(el('p', { class: 'messages', id: field.id + '-messages', 'aria-live': 'polite' }));
  return box;
}

function updateAddress(address) {
  const field = state.screen.join.fields.find(f => f.id === address.field);
  const box = $('field-' + address.field);
  if (box && field) { box.dataset.status = field.status; }
  const messages = $(address.field + '-messages');
  if (messages && field) messages.textContent = address.failure ? address.failure : field.messages.join(' ');
  if (address.mode === 'search') {
    const search = $('input-' + address.field);
    if (search && search.value !== address.searchText) setKeepingCaret(search, address.searchText);
    if (search) search.setAttribute('aria-expanded', address.listVisible ? 'true' : 'false');
    const list = $('suggestions');
    const shown = JSON.stringify([address.listVisible, address.searching, address.suggestions]);
    if (list.dataset.shown !== shown) {
      list.dataset.shown = shown;
      list.replaceChildren();
      if (address.searching) list.appendChild(el('li', { class: 'searching', role: 'presentation', text: 'Searching…' }));
      // Each suggestion is the option itself (no control inside an option).
      address.suggestions.forEach((text, index) => list.appendChild(el('li', {
        role: 'option', id: 'suggestion-' + (index + 1), class: 'suggestion', text, 'aria-selected': 'false',
        dataset: { position: index + 1 }, onclick: () => send({ type: 'addressSelect', position: index + 1 }),
      })));
      state.activeSuggestion = -1;
      showActiveSuggestion();
      if (address.listVisible && !address.searching) {
        const count = address.suggestions.length;
        announce(count === 0 ? 'No addresses found' : count === 1 ? '1 address found' : count + ' addresses found');
      }
    }
    list.hidden = !address.listVisible;
    const chosen = address.chosen ? 'Chosen: ' + address.chosen : '';
    if ($('address-chosen').textContent !== chosen) {
      $('address-chosen').textContent = chosen;
      if (chosen) announce(chosen);
    }
  } else {
    for (const child of address.manual) updateChild(child);
  }
}

// The choices a person can make: "Decide later" only where the limit is optional (where the
// engine's undecided is a valid answer); where it is required, nothing is shown chosen until
// the engine holds a decision.
function depositChoices(field) { return field.required ? ['declined', 'limited'] : ['declined', 'limited', 'undecided']; }

function buildDepositLimit(field, limit) {
  const box = el('fieldset', {
    class: 'deposit-limit', id: 'deposit-limit', role: 'radiogroup', 'aria-required': field.required ? 'true' : 'false',
    'aria-describedby': field.id + '-messages',
  }, el('legend', { text: field.label + (field.required ? '' : ' (optional)') }));
  for (const decision of depositChoices(field)) {
    const radio = el('input', { type: 'radio', name: 'deposit-limit', id: 'deposit-' + decision, value: decision, 'aria-describedby': field.id + '-messages' });
    radio.addEventListener('click', event => { event.preventDefault(); send({ type: 'depositLimit', decision }); });
    box.append(el('span', { class: 'choice' }, radio, el('label', { for: 'deposit-' + decision, text: { declined: 'No limit', limited: 'Set a limit', undecided: 'Decide later' }[decision] })));
  }
  for (const child of (limit ? limit.children : [])) {
    const wrapper = el('div', { class: 'field child', id: 'field-' + child.id });
    wrapper.appendChild(buildInput(child.id, child.label, child.options ? 'Select' : 'Text', child.options, { required: child.required, keyboard: 'number' }));
    wrapper.appendChild(el('p', { class: 'messages', id: child.id + '-messages', 'aria-live': 'polite' }));
    box.appendChild(wrapper);
  }
  box.appendChild(el('p', { class: 'messages', id: field.id + '-messages', 'aria-live': 'polite' }));
  return box;
}

function updateDepositLimit(limit) {
  const field = state.screen.join.fields.find(f => f.id === limit.field);
  for (const decision of ['declined', 'limited', 'undecided']) {
    const radio = $('deposit-' + decision);
    if (radio) radio.checked = limit.decision === decision;
  }
  const box = $('field-' + limit.field);
  if (box && field) box.dataset.status = field.status;
  const group = $('deposit-limit');
  if (group && field) group.setAttribute('aria-invalid', field.status === 'invalid' || field.status === 'error' ? 'true' : 'false');
  const messages = $(limit.field + '-messages');
  if (messages && field) messages.textContent = field.messages.join(' ');
  for (const child of limit.children) updateChild(child);
}

// Marks the active suggestion for the combobox and assistive technology.
function showActiveSuggestion() {
  const search = document.querySelector('#address input[role=combobox]');
  const options = [...document.querySelectorAll('#suggestions .suggestion')];
  options.forEach((option, index) => option.setAttribute('aria-selected', index === state.activeSuggestion ? 'true' : 'false'));
  const active = options[state.activeSuggestion];
  if (search) { if (active) search.setAttribute('aria-activedescendant', active.id); else search.removeAttribute('aria-activedescendant'); }
  if (active) active.scrollIntoView({ block: 'nearest' });
}

// Says `text` once in the polite live region.
function announce(text) { $('announcer').textContent = text; }

function updateChild(child) {
  const input = $('input-' + child.id);
  if (!input) return;
  if (input.value !== child.value) { if (input.tagName === 'SELECT') input.value = child.value; else setKeepingCaret(input, child.value); }
  $('field-' + child.id).dataset.status = child.status;
  input.setAttribute('aria-invalid', child.status === 'invalid' ? 'true' : 'false');
  $(child.id + '-messages').textContent = child.messages.join(' ');
}

function renderActions(join) {
  if (!changed('actions', [join.keyboard, join.canGoBack, join.callToAction, join.callToActionEnabled, join.loading])) return;
  const actions = $('actions');
  actions.replaceChildren();
  if (join.keyboard) actions.appendChild(el('button', { type: 'button', id: 'keyboard', class: 'keyboard', text: join.keyboard === 'next' ? 'Next' : 'Done', onclick: () => send({ type: 'next' }) }));
  if (join.canGoBack) actions.appendChild(el('button', { type: 'button', id: 'back', text: 'Back', onclick: () => send({ type: 'back' }) }));
  const cta = el('button', {
    type: 'button', id: 'cta', class: 'primary' + (join.loading ? ' loading' : ''), disabled: !join.callToActionEnabled,
    'aria-busy': join.loading ? 'true' : 'false', text: join.loading ? 'Please wait…' : (join.callToAction === 'signUp' ? 'Sign up' : 'Continue'),
    onclick: () => send({ type: join.callToAction === 'signUp' ? 'signUp' : 'continue' }),
  });
  actions.appendChild(cta);
  const links = $('links');
  if (!links.childElementCount) {
    // The links are the engine's (JoinLink), given by the server with the page, not listed here.
    for (const { id: link, title } of window.liveryLinks || []) {
      links.appendChild(el('a', { href: '#', id: 'link-' + link, text: title, onclick: event => { event.preventDefault(); send({ type: 'open', link }); } }));
    }
  }
}

// The system alert is a modal dialog: it takes the focus when it opens, keeps it (Tab cycles
// its buttons), closes on Escape where it has a dismiss action, and gives the focus back.
function renderAlert(alert) {
  if (!changed('alert', alert)) return;
  const box = $('alert');
  const wasOpen = !box.hidden;
  box.hidden = !alert;
  box.replaceChildren();
  if (!alert) {
    if (wasOpen) {
      const back = state.focusBeforeAlert;
      state.focusBeforeAlert = null;
      if (back && document.contains(back)) back.focus();
      else if (!state.screen.join.focus) $('page-title').focus();
    }
    return;
  }
  box.dataset.kind = alert.kind;
  box.setAttribute('aria-describedby', 'alert-message');
  box.append(el('h2', { id: 'alert-title', text: alert.title }), el('p', { id: 'alert-message', text: alert.message }));
  for (const action of alert.actions) {
    box.appendChild(el('button', { type: 'button', class: 'alert-action', dataset: { role: action.role }, text: action.title, onclick: () => send({ type: 'alertAction', role: action.role }) }));
  }
  if (!wasOpen) state.focusBeforeAlert = document.activeElement !== document.body ? document.activeElement : null;
  const first = box.querySelector('button');
  if (first) first.focus();
}

document.addEventListener('keydown', event => {
  const box = $('alert');
  if (!box || box.hidden) return;
  const buttons = [...box.querySelectorAll('button')];
  if (event.key === 'Escape') {
    if (buttons.some(b => b.dataset.role === 'dismiss')) { event.preventDefault(); send({ type: 'alertAction', role: 'dismiss' }); }
  } else if (event.key === 'Tab' && buttons.length) {
    const index = buttons.indexOf(document.activeElement);
    const next = event.shiftKey ? (index <= 0 ? buttons.length - 1 : index - 1) : (index + 1) % buttons.length;
    event.preventDefault();
    buttons[next].focus();
  }
}, true);

function applyFocus(focus) {
  const target = focus ? document.querySelector('[data-input="' + cssEscape(focus) + '"]') : null;
  // A drop-down, tick box or radio the person is using takes no engine focus: moving the
  // focus to the engine's (older) input would make the next key land there.
  if (!$('alert').hidden) return;                     // an open dialog keeps the focus
  const active = document.activeElement;
  if (active && active !== document.body && $('form').contains(active) && !state.screen.join.focusOrder.includes(active.dataset.input)) return;
  if (target && document.activeElement !== target) {
    state.applyingFocus = true;
    target.focus();
    state.applyingFocus = false;
  }
}

// MARK: Panel

function renderPanel(screen) {
  const panel = $('panel');
  const p = screen.panel;
  if (!panel.childElementCount) buildPanel();
  if (changed('panel', p)) {
    $('panel-session').textContent = p.signedIn ? 'Signed in: balance ' + p.balance + ', ' + p.pendingBets + ' pending, ' + p.promotionsBalance + ' promotions' : 'Signed out';
    $('panel-betslip-count').textContent = 'Betslip: ' + p.betslip;
    for (const [name, on] of Object.entries(p.flags)) { const box = $('flag-' + name); if (box) box.checked = on; }
    $('panel-faults-now').textContent = p.faults.length ? 'Faults: ' + p.faults.join(', ') : (p.backend ? 'Against ' + p.backend : 'No faults');
  }
  if (changed('events', screen.events)) {
    const events = $('events');
    events.replaceChildren();
    for (const event of screen.events.slice().reverse()) {
      events.appendChild(el('li', { text: event.name + ' ' + Object.entries(event.properties).map(([k, v]) => k + '=' + v).join(' ') }));
    }
  }
  renderRecorder(screen.recorder);
}

function renderRecorder(recorder) {
  if (!changed('recorder', recorder)) return;
  $('record').textContent = recorder.recording ? 'Stop recording' : 'Record';
  $('record').setAttribute('aria-pressed', recorder.recording ? 'true' : 'false');
  $('mark').disabled = !recorder.recording;
  // A recording without a step is no scenario (`livery run` refuses it): nothing to save or download yet.
  const empty = recorder.recording && recorder.steps === 0;
  $('save').disabled = !recorder.recording || empty;
  $('recorded').textContent = recorder.text;
  $('recorder-state').textContent = !recorder.recording ? ''
    : empty ? 'No steps recorded yet: Save once the journey has a step.' : recorder.steps + ' steps recorded';
  $('saved').textContent = recorder.saved ? 'Saved ' + recorder.saved : '';
  const download = $('download');
  download.hidden = !recorder.recording || empty;
  if (recorder.recording) download.href = 'data:text/yaml;charset=utf-8,' + encodeURIComponent(recorder.text);
}

function buildPanel() {
  const panel = $('panel');
  const number = (id, label, value) => el('label', { for: id, text: label }, el('input', { id, type: 'number', min: '0', value }));
  panel.append(
    el('h2', { text: 'Session' }), el('p', { id: 'panel-session' }),
    el('label', { for: 'balance', text: 'Balance' }, el('input', { id: 'balance', type: 'text', value: '125.50', inputmode: 'decimal' })),
    number('pending', 'Pending bets', '2'), number('promotions', 'Promotions', '3'),
    el('button', { type: 'button', id: 'sign-in', text: 'Sign in', onclick: () => send({ type: 'signIn', balance: $('balance').value, pendingBets: Number($('pending').value), promotionsBalance: Number($('promotions').value) }) }),
    el('button', { type: 'button', id: 'sign-out', text: 'Sign out', onclick: () => send({ type: 'signOut' }) }),
    el('p', { id: 'panel-betslip-count' }), number('betslip', 'Betslip count', '1'),
    el('button', { type: 'button', id: 'set-betslip', text: 'Set betslip', onclick: () => send({ type: 'betslip', count: Number($('betslip').value) }) }),
    el('h2', { text: 'Flags' }));
  for (const name of Object.keys(state.screen.panel.flags)) {
    const box = el('input', { type: 'checkbox', id: 'flag-' + name });
    box.addEventListener('change', () => send({ type: 'flag', name, on: box.checked }));
    panel.appendChild(el('div', {}, box, el('label', { for: 'flag-' + name, text: name })));
  }
  panel.append(
    el('h2', { text: 'Faults and latency' }), el('p', { id: 'panel-faults-now' }),
    el('label', { for: 'faults', text: 'e.g. create-client=503, check-username=timeout, address=latency 800ms' }, el('input', { id: 'faults', type: 'text' })),
    el('button', { type: 'button', id: 'set-faults', text: 'Apply faults', onclick: () => send({ type: 'faults', plan: $('faults').value.split(',').map(s => s.trim()).filter(s => s) }) }),
    el('button', { type: 'button', id: 'reset', text: 'Start again', onclick: () => send({ type: 'reset' }) }),
    el('h2', { text: 'Recorder' }),
    el('button', { type: 'button', id: 'record', text: 'Record', onclick: () => send({ type: 'record', on: !state.screen.recorder.recording }) }),
    el('button', { type: 'button', id: 'mark', text: 'Expect what is shown', onclick: () => send({ type: 'mark' }) }),
    el('p', { id: 'recorder-state' }),
    el('label', { for: 'file-name', text: 'File name' }, el('input', { id: 'file-name', type: 'text', value: '90-recorded.yaml' })),
    el('button', { type: 'button', id: 'save', text: 'Save to the scenario folder', onclick: () => send({ type: 'save', name: $('file-name').value }) }),
    el('a', { id: 'download', download: 'recorded.yaml', text: 'Download' }),
    // Both scroll: each is a labelled region a keyboard can reach and scroll.
    el('p', { id: 'saved' }), el('pre', { id: 'recorded', tabindex: '0', role: 'region', 'aria-label': 'Recorded scenario' }),
    el('h2', { text: 'Analytics' }), el('ol', { id: 'events', reversed: true, tabindex: '0', 'aria-label': 'Analytics events' }));
}

// MARK: Helpers

function mark() { state.pendingInput = performance.now(); }

function setKeepingCaret(input, value) {
  const atEnd = input.selectionStart === input.value.length;
  const position = input.selectionStart;
  input.value = value;
  if (document.activeElement === input && input.setSelectionRange && input.type !== 'number') {
    const caret = atEnd ? value.length : Math.min(position, value.length);
    input.setSelectionRange(caret, caret);
  }
}

// The brand's logo from its theme (an image, named by the brand), or its name where it has none.
function logo() {
  const name = window.liveryBrandName || brand;
  const hasLogo = getComputedStyle(document.documentElement).getPropertyValue('--logo-image').trim() !== '';
  return hasLogo ? el('span', { id: 'bar-logo', class: 'bar-logo', role: 'img', 'aria-label': name })
    : el('span', { id: 'bar-logo', class: 'bar-logo wordmark', text: name });
}

function glyph(id) {
  return { userTray: '☰', logo: '◆', search: '⌕', login: '→', join: '+', locker: '▣', toolbox: '⚒', balance: '◈', pendingBets: '◔', betslip: '≣' }[id] || '•';
}

function cssEscape(text) { return window.CSS && CSS.escape ? CSS.escape(text) : text.replace(/"/g, '\\"'); }

// The brand switcher: every brand's page, and all of them side by side.
function buildSwitcher() {
  const nav = $('switcher');
  if (!nav || mirrored || window.liveryStill) { if (nav) nav.hidden = true; return; }
  fetch('/api/brands').then(r => r.json()).then(brands => {
    for (const other of brands) {
      nav.appendChild(el('a', { href: '/brand/' + encodeURIComponent(other.id), text: other.name, 'aria-current': other.id === brand ? 'page' : false }));
    }
    nav.appendChild(el('a', { href: '/compare', text: 'All side by side' }));
  });
}
buildSwitcher();

// A still picture (for screenshots) is drawn once from the screen in the page; a live page connects.
if (window.liveryStill) render(window.liveryStill.screen); else connect();
