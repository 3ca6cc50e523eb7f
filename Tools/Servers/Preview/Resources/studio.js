// Livery brand studio: edits the page's brand file live. Each change goes to
// the server, which reads the edited file with the same checks as at start;
// the server's answer (the reader's verdict, the contrast pairs, the
// difference from the file on disk, the scenarios' verdicts and the theme)
// is drawn here, and the journey restarts on the edited brand and replays
// what the person did (preview.js). Uses preview.js's helpers: el, $, send.
'use strict';

const studio = { state: null };

function studioSet(path, value) { send({ type: 'studioSet', path, value }); }

// The document's value at `path` (a list of keys), or undefined.
function studioValue(path) {
  let value = studio.state ? studio.state.document : undefined;
  for (const key of path) value = value && typeof value === 'object' ? value[key] : undefined;
  return value;
}

function studioOpened() {
  const box = $('studio');
  if (box.open && !studio.state) send({ type: 'studioOpen' });
}

function renderStudio(message) {
  studio.state = message;
  $('studio-theme').textContent = message.css;
  // Drawn afresh from the server's answer; the control being used keeps the focus.
  const body = $('studio-body');
  const focused = body.contains(document.activeElement) ? document.activeElement.id : null;
  body.replaceChildren(...studioSections(message));
  const again = focused ? document.getElementById(focused) : null;
  if (again) again.focus();
}

function studioSections(s) {
  const sections = [];
  const status = [s.file + (s.edited ? ' (edited, not saved)' : ' (as on disk)')];
  if (s.fileChanged) status.push('The file changed on disk since it was loaded: Discard to load it; Save is refused.');
  sections.push(el('p', { id: 'studio-file', text: status.join(' ') }));
  sections.push(el('p', { id: 'studio-problem', class: 'messages', role: 'alert',
    text: s.problem ? 'Not applied: ' + (s.problem.path ? 'at ' + s.problem.path + ': ' : '') + s.problem.message : '' }));
  sections.push(el('p', { id: 'studio-note', role: 'status', text: s.note || '' }));
  const failing = s.contrast.filter(pair => !pair.passes);
  sections.push(el('p', { id: 'studio-contrast-summary', class: failing.length ? 'fail' : 'pass',
    text: failing.length ? 'Contrast fails: ' + failing.map(p => p.foreground + ' on ' + p.background + ' ' + p.ratio.toFixed(2) + ':1 (needs ' + p.minimum + ':1)').join('; ')
      : 'Contrast: every pair ' + 'passes (table below).' }));
  sections.push(el('p', { id: 'studio-doctor', class: s.doctor.length ? 'fail' : 'pass',
    text: s.doctor.length ? 'Save is refused while livery doctor fails: ' + s.doctor.map(f => f.check + ': ' + f.problems.join('; ')).join(' · ')
      : 'livery doctor: every check passes.' }));
  sections.push(el('div', { class: 'studio-actions' },
    el('button', { type: 'button', id: 'studio-save', text: 'Save', disabled: !!s.problem || s.fileChanged || s.doctor.length > 0,
      'aria-describedby': 'studio-doctor', onclick: () => send({ type: 'studioSave' }) }),
    el('button', { type: 'button', id: 'studio-discard', text: 'Discard', onclick: () => send({ type: 'studioDiscard' }) }),
    el('button', { type: 'button', id: 'studio-run', text: 'Run scenarios', onclick: () => send({ type: 'studioRun' }) })));
  sections.push(studioScenarios(s.scenarios));
  sections.push(studioColours(s));
  sections.push(studioTheme());
  sections.push(studioAppBar());
  sections.push(studioFlags(s.flags));
  sections.push(studioMessages());
  sections.push(studioForm(s.fields));
  sections.push(studioContrast(s.contrast, s.suggestions));
  sections.push(studioDifference(s.difference));
  return sections;
}

// A labelled control whose path is given; an error at that path is shown beside it.
function studioControl(id, label, path, control) {
  control.id = id;
  control.dataset.path = JSON.stringify(path);
  const wrapper = el('div', { class: 'studio-control' }, el('label', { for: id, text: label }), control);
  const problem = studio.state.problem;
  if (problem && problem.path === path.join('.')) {
    control.setAttribute('aria-invalid', 'true');
    control.setAttribute('aria-describedby', id + '-error');
    wrapper.appendChild(el('span', { class: 'messages', id: id + '-error', text: problem.message }));
  }
  return wrapper;
}

function studioColours(s) {
  const box = el('fieldset', { id: 'studio-colours' }, el('legend', { text: 'Colours' }));
  const colours = s.document.theme.colours;
  for (const role of s.colourRoles.filter(role => role in colours).concat(Object.keys(colours).filter(role => !s.colourRoles.includes(role)))) {
    const value = colours[role];
    const path = ['theme', 'colours', role];
    const picker = el('input', { type: 'color', value: /^#[0-9a-fA-F]{6}$/.test(value) ? value : String(value).slice(0, 7), 'aria-label': role + ' colour picker' });
    picker.addEventListener('change', () => studioSet(path, picker.value));
    const text = el('input', { type: 'text', value, size: '9', spellcheck: 'false' });
    text.addEventListener('change', () => studioSet(path, text.value));
    const control = studioControl('studio-colour-' + role, role, path, text);
    picker.id = 'studio-picker-' + role;
    control.insertBefore(picker, control.children[1]);   // after the label, before the text
    box.appendChild(control);
  }
  return box;
}

function studioTheme() {
  const box = el('fieldset', { id: 'studio-type' }, el('legend', { text: 'Type' }));
  const font = el('input', { type: 'text', value: studioValue(['theme', 'fontFamily']) || '' });
  font.addEventListener('change', () => studioSet(['theme', 'fontFamily'], font.value));
  box.appendChild(studioControl('studio-font', 'Font family', ['theme', 'fontFamily'], font));
  return box;
}

function studioAppBar() {
  const bar = studioValue(['appBar']) || {};
  const box = el('fieldset', { id: 'studio-app-bar' }, el('legend', { text: 'App bar' }));
  const entry = el('select', {});
  for (const option of ['none', 'locker', 'toolbox']) entry.appendChild(el('option', { value: option, text: option, selected: bar.promotions === option }));
  const badge = el('input', { type: 'checkbox', checked: !!bar.badge, disabled: bar.promotions === 'none' });
  const pot = el('input', { type: 'checkbox', checked: !!bar.potIcon });
  const apply = () => {
    const next = { promotions: entry.value };
    if (entry.value !== 'none') next.badge = badge.checked;
    next.potIcon = pot.checked;
    studioSet(['appBar'], next);
  };
  for (const control of [entry, badge, pot]) control.addEventListener('change', apply);
  box.append(studioControl('studio-promotions', 'Promotions entry', ['appBar', 'promotions'], entry),
    studioControl('studio-badge', 'Badge', ['appBar', 'badge'], badge),
    studioControl('studio-pot', 'Pot icon', ['appBar', 'potIcon'], pot));
  return box;
}

function studioFlags(flags) {
  const box = el('fieldset', { id: 'studio-flags' }, el('legend', { text: 'Flag defaults' }));
  for (const name of flags) {
    const value = studioValue(['flags', name]);
    const select = el('select', {});
    for (const [option, text] of [['', 'not set (off)'], ['on', 'on'], ['off', 'off']]) {
      select.appendChild(el('option', { value: option, text, selected: (value === true ? 'on' : value === false ? 'off' : '') === option }));
    }
    select.addEventListener('change', () => studioSet(['flags', name], select.value === '' ? null : select.value === 'on'));
    box.appendChild(studioControl('studio-flag-' + name, name, ['flags', name], select));
  }
  return box;
}

function studioMessages() {
  const messages = studioValue(['messages']) || {};
  const box = el('fieldset', { id: 'studio-messages' }, el('legend', { text: 'Words for rule codes' }));
  Object.entries(messages).forEach(([code, text], index) => {
    const input = el('input', { type: 'text', value: text });
    input.addEventListener('change', () => studioSet(['messages', code], input.value));
    const control = studioControl('studio-message-' + index, code, ['messages', code], input);
    control.appendChild(el('button', { type: 'button', id: 'studio-message-remove-' + index, text: 'Remove', 'aria-label': 'Remove the words for ' + code, onclick: () => studioSet(['messages', code], null) }));
    box.appendChild(control);
  });
  const code = el('input', { type: 'text', id: 'studio-new-code', placeholder: 'username.taken' });
  const words = el('input', { type: 'text', id: 'studio-new-words' });
  box.append(el('label', { for: 'studio-new-code', text: 'Rule code' }), code,
    el('label', { for: 'studio-new-words', text: 'Its words' }), words,
    el('button', { type: 'button', id: 'studio-message-add', text: 'Set words', onclick: () => { if (code.value) studioSet(['messages', code.value], words.value); } }));
  return box;
}

function studioForm(fields) {
  const removed = studioValue(['joinForm', 'removeFields']) || [];
  const added = studioValue(['joinForm', 'addFields']) || [];
  const box = el('fieldset', { id: 'studio-form' }, el('legend', { text: 'Join form' }));
  const setRemoved = list => studioSet(['joinForm', 'removeFields'], list.length ? list : null);
  const setAdded = list => studioSet(['joinForm', 'addFields'], list.length ? list : null);
  removed.forEach((name, index) => box.appendChild(el('p', {}, el('span', { text: 'Removed: ' + name + ' ' }),
    el('button', { type: 'button', id: 'studio-restore-' + index, text: 'Put back', 'aria-label': 'Put back ' + name, onclick: () => setRemoved(removed.filter(n => n !== name)) }))));
  added.forEach((entry, index) => box.appendChild(el('p', {}, el('span', { text: 'Added: ' + (entry.field && entry.field.name) + ' after ' + entry.after + ' ' }),
    el('button', { type: 'button', id: 'studio-unadd-' + index, text: 'Take out', 'aria-label': 'Take out ' + (entry.field && entry.field.name), onclick: () => setAdded(added.filter((_, i) => i !== index)) }))));
  const choose = id => { const select = el('select', { id }); for (const name of fields) select.appendChild(el('option', { value: name, text: name })); return select; };
  const removal = choose('studio-remove-field');
  box.append(el('label', { for: 'studio-remove-field', text: 'Field to remove' }), removal,
    el('button', { type: 'button', id: 'studio-remove', text: 'Remove field', onclick: () => setRemoved(removed.concat([removal.value])) }));
  const name = el('input', { type: 'text', id: 'studio-add-name', placeholder: 'promoCode' });
  const type = el('select', { id: 'studio-add-type' });
  for (const option of ['Text', 'Email', 'Tel', 'Date', 'Checkbox']) type.appendChild(el('option', { value: option, text: option }));
  const after = choose('studio-add-after');
  const required = el('input', { type: 'checkbox', id: 'studio-add-required' });
  box.append(el('label', { for: 'studio-add-name', text: 'New field' }), name,
    el('label', { for: 'studio-add-type', text: 'Type' }), type,
    el('label', { for: 'studio-add-after', text: 'After' }), after,
    el('label', { for: 'studio-add-required', text: 'Required' }), required,
    el('button', { type: 'button', id: 'studio-add', text: 'Add field', onclick: () => {
      if (!name.value) return;
      setAdded(added.concat([{ after: after.value, field: { name: name.value, inputType: type.value, validate: { mandatory: required.checked } } }]));
    } }));
  return box;
}

// For a failing pair, a button that applies the nearest passing shade of the colour edited.
function studioShade(suggestion) {
  return el('button', { type: 'button', class: 'studio-shade', id: 'studio-shade-' + suggestion.foreground + '-' + suggestion.background,
    text: 'Use ' + suggestion.shade,
    'aria-label': 'Use ' + suggestion.shade + ' for ' + suggestion.role + ' (now ' + suggestion.current + '): the nearest shade that passes',
    onclick: () => studioSet(['theme', 'colours', suggestion.role], suggestion.shade) });
}

function studioContrast(pairs, suggestions) {
  const failing = pairs.filter(pair => !pair.passes).length;
  const table = el('table', { id: 'studio-contrast' },
    el('caption', { text: 'Contrast (WCAG AA): ' + (failing ? failing + ' failing' : 'every pair passes') }),
    el('thead', {}, el('tr', {}, el('th', { text: 'Pair', scope: 'col' }), el('th', { text: 'Ratio', scope: 'col' }), el('th', { text: 'Verdict', scope: 'col' }))));
  const rows = el('tbody', {});
  for (const pair of pairs) {
    rows.appendChild(el('tr', { class: pair.passes ? 'pass' : 'fail', dataset: { pair: pair.foreground + '/' + pair.background } },
      el('td', { text: pair.foreground + ' on ' + pair.background }),
      el('td', { text: pair.ratio.toFixed(2) + ':1' }),
      el('td', { text: pair.passes ? 'passes' : 'fails (needs ' + pair.minimum + ':1) ' },
        ...suggestions.filter(s => s.foreground === pair.foreground && s.background === pair.background).map(studioShade))));
  }
  table.appendChild(rows);
  return table;
}

function studioDifference(lines) {
  const list = el('ul', { id: 'studio-difference', 'aria-label': 'Difference from the file on disk' });
  for (const line of lines) list.appendChild(el('li', { text: line.setting + ': ' + (line.left ?? '—') + ' → ' + (line.right ?? '—') }));
  return el('div', {}, el('h2', { text: lines.length ? 'Difference from the file' : 'No difference from the file' }), list);
}

function studioScenarios(verdicts) {
  const box = el('div', { id: 'studio-scenarios' });
  if (!verdicts) return box;
  const failed = verdicts.filter(v => !v.passed).length;
  box.appendChild(el('p', { text: verdicts.length + ' scenario files: ' + (failed ? failed + ' failed' : 'all passed') }));
  const list = el('ul', {});
  for (const verdict of verdicts) {
    const item = el('li', { class: verdict.passed ? 'pass' : 'fail', dataset: { file: verdict.file }, text: (verdict.passed ? '✔ ' : '✘ ') + verdict.file });
    if (verdict.failure) item.appendChild(el('pre', { text: verdict.failure }));
    list.appendChild(item);
  }
  box.appendChild(list);
  return box;
}

// A still picture and a mirrored page (the side-by-side view) have no studio.
if ($('studio')) {
  if (window.liveryStill || mirrored) $('studio').hidden = true;
  else $('studio').addEventListener('toggle', studioOpened);
}
