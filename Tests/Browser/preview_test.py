#!/usr/bin/env python3
"""Real-browser tests of `livery preview`, with Selenium and headless Chromium.

Run from the repository root after `swift build`:

    python3 Tests/Browser/preview_test.py

It starts `.build/debug/livery-server preview --port 0` (what `livery preview` runs) on loopback with a temporary
scenario folder, drives one brand page at a time as a person would (clicks,
keystrokes, the Next button, drop-downs, radios, tick boxes), and after the
key steps checks what the page shows against the engine's state, read from
the server's `/api/sessions/<id>`. Every test opens a fresh page, so a fresh
session. One line per test, then `N passed, N failed`; the exit status is 0
only when none failed. Screenshots go to `.build/preview-screenshots/`.

Words after the command run only the tests whose names contain one of them
(`python3 Tests/Browser/preview_test.py latency`); `--release` drives a
release-built `livery-server` instead, the build the 16 ms keystroke budget is
held to (a debug server fails the run only over 24 ms); LIVERY_CHROMIUM_FLAGS
adds flags to Chromium's command line.

Synchronisation is by bounded waits on conditions (no fixed sleeps).
"""

import base64
import http.server
import json
import math
import os
import queue
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import urllib.error
import urllib.request
from pathlib import Path

from selenium import webdriver
from selenium.common.exceptions import (NoSuchElementException, StaleElementReferenceException,
                                        TimeoutException, WebDriverException)
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

ROOT = Path(__file__).resolve().parents[2]
# `--release` drives a release-built server (`swift build -c release --product livery-server`):
# the build whose keystroke latency is the product's figure.
RELEASE = "--release" in sys.argv[1:]
LIVERY = ROOT / ".build" / "debug" / "livery"
SERVER = ROOT / ".build" / ("release" if RELEASE else "debug") / "livery-server"
SHOTS = ROOT / ".build" / "preview-screenshots"
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
TIMEOUT = 10          # seconds: the bound of every wait
POLL = 0.01           # seconds between checks of a wait's condition
# Keystroke to repaint, p95 of the median round: the product's budget, held by a release-built
# server. A debug-built server on a shared CI machine is slower and noisier, so there the test
# only guards against a gross regression (a stall, a coalescing timer, Nagle's delay).
LATENCY_BUDGET_MS = 16
DEBUG_LATENCY_LIMIT_MS = 24

# What each brand's person types: the data of the shipped sign-up scenarios
# (Tests/Scenarios/<brand>/01-full-sign-up.yaml), distinct per brand.
PEOPLE = {
    "ladbrokes": dict(title="Dr", firstName="Robin", lastName="O'Neill", dateOfBirth="29021992",
                      dateShown="29/02/1992", badEmail="robin.example.com", email="robin@example.com",
                      mobile="+61 412 345 678", address="12 smith st collingwood",
                      firstSuggestion="12 Smith Street, Collingwood VIC 3066", username="robin_on",
                      password="Tr1cky-Pa55"),
    "neds": dict(title="Mx", firstName="Alex", lastName="Citizen", dateOfBirth="01022000",
                 dateShown="01/02/2000", badEmail="alex.example.com", email="alex@example.com",
                 mobile="0412345678", address="12 Smith St",
                 firstSuggestion="12 Smith Street, Collingwood VIC 3066", username="alex_c",
                 password="Correct-Horse-9"),
    "betcha": dict(title="Mr", firstName="Chris", lastName="Lee", dateOfBirth="31121999",
                   dateShown="31/12/1999", badEmail="chris.lee@", email="chris.lee@example.com.au",
                   mobile="0498 765 432", address="12 Smith Street",
                   firstSuggestion="12 Smith Street, Collingwood VIC 3066", username="chris_lee",
                   password="Sup3r-Secret"),
    "tabnz": dict(title="Mrs", firstName="Aroha", lastName="Ngata", dateOfBirth="05051988",
                  dateShown="05/05/1988", badEmail="aroha@example", email="aroha@example.co.nz",
                  mobile="021 123 4567", address="47 Collins Rd Newtown",
                  firstSuggestion="47 Collins Road, Newtown, Wellington 6021", username="aroha_n",
                  password="Kia-Ora-2024"),
}


def declared_brands():
    """Each brand's brand.json, by id: the one place a brand's market and app bar are said."""
    brands = {}
    for path in sorted(ROOT.glob("Brands/*/Plugin/brand.json")):
        declared = json.loads(path.read_text(encoding="utf-8"))
        declared["folder"] = path.parent
        brands[declared["id"]] = declared
    return brands


DECLARED = declared_brands()
AUSTRALIAN = {brand for brand, declared in DECLARED.items() if declared["market"] == "AU"}


def promotions_entry(brand):
    """The app bar's promotions entry the brand declares: (item id, whether it shows a badge), or None."""
    bar = DECLARED[brand].get("appBar", {})
    entry = bar.get("promotions", "none")
    return None if entry == "none" else (entry, bool(bar.get("badge", False)))


# MARK: The server

class PreviewServer:
    """`livery preview` on a free loopback port, its output drained to a list."""

    def __init__(self, scenario_folder, port=0, extra=()):
        if not SERVER.exists() or not LIVERY.exists():
            build = "swift build && swift build -c release --product livery-server" if RELEASE else "swift build"
            raise SystemExit(f"{SERVER} or {LIVERY} is missing: run `{build}` first")
        self.lines = []
        self.process = subprocess.Popen(
            [str(SERVER), "preview", "--port", str(port), "--scenarios", str(scenario_folder), "--no-colour", *extra],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        ports = queue.Queue()

        def pump():
            for line in self.process.stdout:
                self.lines.append(line.rstrip("\n"))
                match = re.search(r"preview serving on http://127\.0\.0\.1:(\d+)/", line)
                if match:
                    ports.put(int(match.group(1)))
            ports.put(None)

        threading.Thread(target=pump, daemon=True).start()
        try:
            port = ports.get(timeout=30)
        except queue.Empty:
            port = None
        if port is None:
            self.stop()
            raise SystemExit("livery preview did not start:\n" + "\n".join(self.lines[-20:]))
        self.base = f"http://127.0.0.1:{port}"
        self.opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # loopback only, never a proxy

    def get(self, path):
        """(status, body text) of GET `path`."""
        try:
            with self.opener.open(self.base + path, timeout=TIMEOUT) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def json(self, path):
        status, body = self.get(path)
        assert status == 200, f"GET {path} answered {status}: {body}"
        return json.loads(body)

    def engine(self, session):
        """The screen the server holds for `session` now."""
        message = self.json(f"/api/sessions/{session}")
        assert message.get("type") == "screen", f"/api/sessions/{session} answered {message}"
        return message["screen"]

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


# MARK: The browser

def start_browser():
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    extra = [flag for flag in os.environ.get("LIVERY_CHROMIUM_FLAGS", "").split() if flag]
    # Headless Chromium runs its own frame clock: without the last two flags a socket message waits up to
    # one 16.7 ms frame before the page sees it, which measures the harness rather than the preview.
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--no-proxy-server",
                     "--window-size=1280,1300", "--disable-extensions", "--disable-background-networking",
                     "--disable-frame-rate-limit", "--disable-gpu-vsync"] + extra:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    driver.set_script_timeout(TIMEOUT)
    return driver


class Page:
    """One brand page in the browser and the session it opened on the server."""

    def __init__(self, driver, server, brand):
        self.d = driver
        self.server = server
        self.brand = brand
        driver.get("about:blank")
        driver.get_log("browser")  # forget the previous page's console
        driver.get(f"{server.base}/brand/{brand}")
        self.wait(lambda: (self.screen() or {}).get("brand") == brand, f"the {brand} page's first screen")
        self.session = self.screen()["session"]
        self.expected_console = []  # console errors a test provokes on purpose

    # Waiting

    def wait(self, condition, what, timeout=TIMEOUT):
        """Waits until `condition()` is truthy; fails naming `what` otherwise."""
        try:
            return WebDriverWait(self.d, timeout, poll_frequency=POLL,
                                 ignored_exceptions=(StaleElementReferenceException, NoSuchElementException)
                                 ).until(lambda _: condition())
        except TimeoutException:
            status = self.text("#status") if self.d.current_url.startswith(self.server.base) else None
            shown = f"; the page's status line says: {status!r}" if status else ""
            raise AssertionError(f"timed out after {timeout} s waiting for {what}{shown}") from None

    # Reading

    def js(self, script, *arguments):
        return self.d.execute_script(script, *arguments)

    def screen(self):
        """The latest screen the page received."""
        return self.js("return window.liveryScreen")

    def latencies(self):
        return self.js("return window.liveryLatencies.slice()")

    def engine(self):
        return self.server.engine(self.session)

    def settled(self, what="the page to show the engine's state"):
        """Waits until the page has drawn the server's current screen; returns it."""
        found = {}

        def same():
            found["engine"] = self.engine()
            found["page"] = self.screen()
            return found["engine"] == found["page"]

        try:
            self.wait(same, what)
        except AssertionError:
            raise AssertionError(f"{what}: the page never drew the engine's screen; differences: "
                                 f"{differences(found.get('page'), found.get('engine'))}") from None
        return found["engine"]

    def field(self, screen, name):
        return next(field for field in screen["join"]["fields"] if field["id"] == name)

    def shown_field(self, name):
        """The field `name` of the latest screen, or None while the page shows another step."""
        return next((field for field in self.screen()["join"]["fields"] if field["id"] == name), None)

    def element(self, css):
        return self.d.find_element(By.CSS_SELECTOR, css)

    def exists(self, css):
        return bool(self.d.find_elements(By.CSS_SELECTOR, css))

    def text(self, css):
        return self.js("const n = document.querySelector(arguments[0]); return n ? n.textContent : null", css)

    def active_input(self):
        return self.js("return document.activeElement && document.activeElement.dataset ? "
                       "document.activeElement.dataset.input || null : null")

    # Acting as a person

    def click(self, css):
        """Clicks the element `css` names: the page redraws some nodes, so it is found afresh."""
        for attempt in range(5):
            try:
                self.element(css).click()
                return
            except StaleElementReferenceException:
                if attempt == 4:
                    raise

    def keys(self, *keys):
        """Keys pressed on the keyboard: they go to whatever has focus."""
        ActionChains(self.d).send_keys(*keys).perform()

    def focus_input(self, name):
        """Clicks into the input `name` and waits until the engine has the focus there."""
        self.click(f'[data-input="{name}"]')
        self.wait(lambda: (self.screen()["join"].get("focus") == name and self.active_input() == name),
                  f"focus on {name}")

    def type(self, name, text):
        """Types `text` into the focused input `name`, one key at a time, each key waiting for
        the repaint that answers it, as a person types (the latency of each is measured)."""
        assert self.active_input() == name, f"typing into {name} but the focus is on {self.active_input()}"
        phone = self.field(self.screen(), name)["keyboard"] == "phone" if "." not in name else False
        for character in text:
            before = len(self.latencies())
            self.keys(character)
            if phone and character == " ":
                continue  # the engine formats the number; a trailing space changes nothing on screen
            self.wait(lambda: len(self.latencies()) > before, f"the repaint after typing {character!r} into {name}")

    def clear(self, name):
        """Selects all of the focused input's text and deletes it."""
        assert self.active_input() == name
        ActionChains(self.d).key_down(Keys.CONTROL).send_keys("a").key_up(Keys.CONTROL).perform()
        before = len(self.latencies())
        self.keys(Keys.BACKSPACE)
        self.wait(lambda: len(self.latencies()) > before, f"the repaint after clearing {name}")

    def next(self, expected_focus):
        """The Next/Done button; waits until the focus is where the engine moved it."""
        self.click("#keyboard")
        self.wait(lambda: self.screen()["join"].get("focus") == expected_focus
                  and (expected_focus is None or self.active_input() == expected_focus),
                  f"Next to move the focus to {expected_focus}")

    def choose(self, name, option):
        select = Select(self.element(f"#input-{name}"))
        self.click(f"#input-{name}")
        select.select_by_visible_text(option)
        self.wait(lambda: self.field(self.screen(), name)["display"] == option, f"{name} to be {option}")

    def screenshot(self, name):
        SHOTS.mkdir(parents=True, exist_ok=True)
        path = SHOTS / name
        assert self.d.save_screenshot(str(path)), f"could not save {path}"
        return path

    def console_errors(self):
        """JavaScript errors the page logged (failed loads are left to the tests)."""
        return [entry["message"] for entry in self.d.get_log("browser")
                if entry["level"] == "SEVERE" and "Failed to load resource" not in entry["message"]
                and not any(expected in entry["message"] for expected in self.expected_console)]


def differences(page, engine, path=""):
    """Where two screens differ, briefly."""
    if page == engine:
        return []
    if isinstance(page, dict) and isinstance(engine, dict):
        found = []
        for key in sorted(set(page) | set(engine)):
            found += differences(page.get(key), engine.get(key), f"{path}.{key}")
        return found
    if isinstance(page, list) and isinstance(engine, list) and len(page) == len(engine):
        found = []
        for index, (a, b) in enumerate(zip(page, engine)):
            found += differences(a, b, f"{path}[{index}]")
        return found
    return [f"{path or '.'}: page {json.dumps(page)[:120]} engine {json.dumps(engine)[:120]}"]


# MARK: What the page shows against the engine

# One call reads everything the form shows, so nothing is redrawn half-way through a read.
DOM_SNAPSHOT = r"""
const q = s => document.querySelector(s);
const txt = s => { const n = q(s); return n ? n.textContent : null; };
const out = { fields: {}, children: {} };
for (const wrapper of document.querySelectorAll('#form .field')) {
  const id = wrapper.id.replace(/^field-/, '');
  const input = document.querySelector('[data-input="' + CSS.escape(id) + '"]');
  const messages = document.getElementById(id + '-messages');
  (wrapper.classList.contains('child') ? out.children : out.fields)[id] = {
    status: wrapper.dataset.status || null,
    value: input ? (input.type === 'checkbox' ? input.checked : input.value) : null,
    type: input ? input.type : null,
    invalid: input ? input.getAttribute('aria-invalid') : null,
    disabled: input ? input.disabled : null,
    messages: messages ? messages.textContent : null,
  };
}
const progress = q('#progress');
out.progress = { hidden: progress.hidden, now: progress.getAttribute('aria-valuenow') };
out.title = txt('#page-title');
out.route = { hidden: q('#route').hidden, text: q('#route').textContent };
out.alert = { hidden: q('#alert').hidden, text: q('#alert').textContent };
out.keyboard = txt('#keyboard');
out.cta = q('#cta') ? { text: q('#cta').textContent, disabled: q('#cta').disabled } : null;
out.back = !!q('#back');
const search = q('#address input[role=combobox]');
out.address = q('#address') ? {
  search: search ? search.value : null, expanded: search ? search.getAttribute('aria-expanded') : null,
  listHidden: q('#suggestions') ? q('#suggestions').hidden : null,
  suggestions: [...document.querySelectorAll('.suggestion')].map(b => b.textContent),
  chosen: txt('#address-chosen'),
} : null;
out.deposit = q('#deposit-limit') ? {
  legend: txt('#deposit-limit legend'),
  checked: ['declined', 'limited', 'undecided'].filter(d => q('#deposit-' + d) && q('#deposit-' + d).checked),
  offered: ['declined', 'limited', 'undecided'].filter(d => q('#deposit-' + d)),
  invalid: q('#deposit-limit').getAttribute('aria-invalid'),
  describedBy: q('#deposit-limit').getAttribute('aria-describedby'),
} : null;
out.focus = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.input || null : null;
out.focusInForm = document.activeElement !== document.body && q('#form').contains(document.activeElement);
return out;
"""


def mismatches(screen, dom):
    """Every way the page's DOM `dom` does not show the engine's `screen`."""
    join = screen["join"]
    found = []

    def check(what, shown, expected):
        if shown != expected:
            found.append(f"{what}: page shows {shown!r}, engine has {expected!r}")

    def children(child):
        shown = dom["children"].get(child["id"])
        if shown is None:
            found.append(f"{child['id']}: not on the page")
            return
        check(f"{child['id']} data-status", shown["status"], child["status"])
        check(f"{child['id']} value", shown["value"], child["value"])
        check(f"{child['id']} messages", shown["messages"], " ".join(child["messages"]))

    check("page title", dom["title"], f"Step {join['pageNumber']} of {join['pageCount']}")
    check("progress hidden", dom["progress"]["hidden"], not join["showsProgress"])
    check("progress aria-valuenow", dom["progress"]["now"], str(join["progress"]))
    for field in join["fields"]:
        name = field["id"]
        shown = dom["fields"].get(name)
        if shown is None:
            found.append(f"{name}: not on the page")
            continue
        check(f"{name} data-status", shown["status"], field["status"])
        if field["inputType"] == "Address":
            address = join["address"]
            check(f"{name} messages", shown["messages"], address.get("failure") or " ".join(field["messages"]))
            if address["mode"] == "search":
                check("address search text", dom["address"]["search"], address["searchText"])
                check("address list hidden", dom["address"]["listHidden"], not address["listVisible"])
                check("address aria-expanded", dom["address"]["expanded"], "true" if address["listVisible"] else "false")
                check("address suggestions", dom["address"]["suggestions"], address["suggestions"])
                check("address chosen", dom["address"]["chosen"], f"Chosen: {address['chosen']}" if address.get("chosen") else "")
            for child in address["manual"]:
                children(child)
        elif field["inputType"] == "DepositLimit":
            limit = join["depositLimit"]
            check(f"{name} messages", shown["messages"], " ".join(field["messages"]))
            # A radio is shown chosen only when the engine holds that decision; "Decide later" is
            # offered only where the limit is optional (where undecided is an answer).
            offered = ["declined", "limited"] + ([] if field["required"] else ["undecided"])
            check("deposit limit choices", dom["deposit"]["offered"], offered)
            check("deposit limit radio", dom["deposit"]["checked"], [d for d in offered if d == limit["decision"]])
            check("deposit limit aria-invalid", dom["deposit"]["invalid"],
                  "true" if field["status"] in ("invalid", "error") else "false")
            check("deposit limit described by", dom["deposit"]["describedBy"], f"{name}-messages")
            check("deposit limit legend", dom["deposit"]["legend"],
                  field["label"] + ("" if field["required"] else " (optional)"))
            for child in limit["children"]:
                children(child)
        else:
            check(f"{name} messages", shown["messages"], "Checking…" if field["validating"] else " ".join(field["messages"]))
            check(f"{name} aria-invalid", shown["invalid"], "true" if field["status"] in ("invalid", "error") else "false")
            check(f"{name} disabled", shown["disabled"], not field["enabled"])
            if shown["type"] == "checkbox":
                check(f"{name} ticked", shown["value"], bool(field.get("ticked")))
            elif field["secure"]:
                # The engine masks the password one dot per character; the input holds what was typed.
                check(f"{name} length", len(shown["value"]), len(field["display"]))
            else:
                check(f"{name} value", shown["value"], field["display"])
    route = join.get("route")
    check("route banner hidden", dom["route"]["hidden"], not route)
    if route:
        check("route banner", dom["route"]["text"], f"Route reached: {route}Done")
    alert = join.get("alert")
    check("alert hidden", dom["alert"]["hidden"], not alert)
    keyboard = join.get("keyboard")
    check("keyboard button", dom["keyboard"], {"next": "Next", "done": "Done", None: None}[keyboard])
    if join["loading"]:
        check("call to action", dom["cta"]["text"], "Please wait…")
    else:
        check("call to action", dom["cta"]["text"], "Sign up" if join["callToAction"] == "signUp" else "Continue")
    check("call to action disabled", dom["cta"]["disabled"], not join["callToActionEnabled"])
    check("back button", dom["back"], join["canGoBack"])
    # The engine focuses text inputs only: on a drop-down, tick box or radio the person keeps the focus.
    on_untracked = dom["focusInForm"] and dom["focus"] not in join["focusOrder"]
    if join.get("focus") and not on_untracked:
        check("focused input", dom["focus"], join["focus"])
    return found


def compare(page, what):
    """Waits until the page has drawn the engine's current screen, then checks the DOM against it."""
    screen = page.settled(what)
    found = mismatches(screen, page.js(DOM_SNAPSHOT))
    assert not found, f"{what}: the page does not show the engine's state:\n    " + "\n    ".join(found)
    return screen


UNLABELLED = r"""
const missing = [];
for (const node of document.querySelectorAll('input, select, textarea')) {
  if (node.type === 'hidden' || !node.getClientRects().length) continue;
  const label = node.id ? document.querySelector('label[for="' + CSS.escape(node.id) + '"]') : null;
  if (!label || !label.textContent.trim()) missing.push(node.id || node.outerHTML.slice(0, 80));
}
return missing;
"""

# A radio's or tick box's label sits beside it (to its right, on its line), so it is clear which is whose.
DETACHED = r"""
const detached = [];
for (const node of document.querySelectorAll('input[type=radio], input[type=checkbox]')) {
  const label = node.id ? document.querySelector('label[for="' + CSS.escape(node.id) + '"]') : null;
  if (!label || !node.getClientRects().length) continue;
  const box = node.getBoundingClientRect(), text = label.getClientRects()[0];
  if (!(text.left >= box.right - 1 && text.top < box.bottom && text.bottom > box.top)) detached.push(node.id);
}
return detached;
"""

UNREACHABLE = r"""
return [...document.querySelectorAll('#form input, #form select, #form button, #actions button')]
  .filter(n => n.getClientRects().length && !n.disabled && n.tabIndex < 0).map(n => n.id || n.outerHTML.slice(0, 80));
"""


def check_labels(page, where):
    missing = page.js(UNLABELLED)
    assert not missing, f"{where}: visible inputs without a <label for>: {missing}"
    detached = page.js(DETACHED)
    assert not detached, f"{where}: radios or tick boxes whose label is not beside them: {detached}"


# MARK: Tests

LATENCIES = {}   # test name → the keystroke-to-repaint samples it measured


def fill_details(page, person, check_bad_email=True):
    """Page 1 as a person fills it: the title, then each input, moving on with Next."""
    brand = page.brand
    page.choose("title", person["title"])
    page.focus_input("firstName")
    page.type("firstName", person["firstName"])
    page.next("lastName")
    page.type("lastName", person["lastName"])
    page.next("dateOfBirth")
    page.type("dateOfBirth", person["dateOfBirth"])
    page.next("email")
    if check_bad_email:
        page.type("email", person["badEmail"])
        page.next("mobile")
        screen = compare(page, f"{brand}: after an invalid email")
        email = page.field(screen, "email")
        assert email["status"] == "invalid" and email["messages"], f"{person['badEmail']!r} should be invalid: {email}"
        assert page.text("#email-messages") == " ".join(email["messages"]), page.text("#email-messages")
        assert page.element("#input-email").get_attribute("aria-invalid") == "true"
        assert page.element("#field-email").get_attribute("data-status") == "invalid"
        page.type("mobile", person["mobile"])
        page.focus_input("email")
        page.clear("email")
    page.type("email", person["email"])
    page.next("mobile")
    if not check_bad_email:
        page.type("mobile", person["mobile"])
    page.next(None)


def test_sign_up(driver, server, brand):
    person = PEOPLE[brand]
    page = Page(driver, server, brand)
    screen = compare(page, f"{brand}: the empty form")
    assert screen["join"]["page"] == "details" and screen["join"]["pageNumber"] == 1
    check_labels(page, f"{brand} page 1")
    # The date's format is said before anything is typed, not only in an error, and read with the field.
    assert page.text("#dateOfBirth-hint") == "DD/MM/YYYY", page.text("#dateOfBirth-hint")
    described = page.element("#input-dateOfBirth").get_attribute("aria-describedby").split()
    assert described == ["dateOfBirth-hint", "dateOfBirth-messages"], described

    fill_details(page, person)
    screen = compare(page, f"{brand}: page 1 filled")
    shown = {field["id"]: (field["display"], field["status"]) for field in screen["join"]["fields"]}
    assert shown["dateOfBirth"] == (person["dateShown"], "valid"), shown
    assert all(status == "valid" for _, status in shown.values()), f"page 1 should be valid: {shown}"
    assert page.element("#input-dateOfBirth").get_attribute("value") == person["dateShown"]
    page.screenshot(f"{brand}-1-details-filled.png")

    page.click("#cta")
    page.wait(lambda: page.screen()["join"]["page"] == "account", "page 2 (account)")
    # The new step is announced once, and the focus starts there: on the field the engine
    # focuses, or else on the step's heading, never left on the page's body.
    page.wait(lambda: page.text("#announcer") == "Step 2 of 2", "step 2 announced")
    engine_focus = page.screen()["join"].get("focus")
    active = page.js("return document.activeElement.dataset.input || document.activeElement.id")
    assert active == (engine_focus or "page-title"), f"{brand}: after Continue the focus is on {active!r}, engine: {engine_focus!r}"
    screen = compare(page, f"{brand}: page 2 shown")
    assert screen["join"]["callToAction"] == "signUp" and page.text("#cta") == "Sign up"
    check_labels(page, f"{brand} page 2")

    # The manual address form has labelled inputs too; back to the search.
    page.click("#address-manual")
    page.wait(lambda: page.screen()["join"]["address"]["mode"] == "manual", "the manual address form")
    compare(page, f"{brand}: manual address form")
    check_labels(page, f"{brand} manual address")
    page.click("#address-back")
    page.wait(lambda: page.screen()["join"]["address"]["mode"] == "search", "the address search again")

    # The address, by keyboard alone (the combobox pattern): typed, searched at once with Enter,
    # the count announced, the arrows moving through a labelled listbox, Enter choosing.
    page.focus_input("address")
    page.type("address", person["address"])
    page.keys(Keys.ENTER)
    page.wait(lambda: page.exists('.suggestion[data-position="1"]'), "address suggestions")
    screen = compare(page, f"{brand}: address suggestions")
    first = screen["join"]["address"]["suggestions"][0]
    assert first == person["firstSuggestion"], f"first suggestion {first!r}, expected {person['firstSuggestion']!r}"
    count = len(screen["join"]["address"]["suggestions"])
    page.wait(lambda: page.text("#announcer") == (f"{count} addresses found" if count > 1 else "1 address found"),
              "the number of suggestions announced")
    assert page.js("return document.getElementById('suggestions').getAttribute('aria-label')") == "Address suggestions"
    assert not page.exists("#suggestions [role=option] button"), "a control inside an option"
    page.keys(Keys.ARROW_DOWN)
    if count > 1:
        page.keys(Keys.ARROW_DOWN, Keys.ARROW_UP)
    active = page.js("return document.activeElement.getAttribute('aria-activedescendant')")
    assert active == "suggestion-1", f"{brand}: the arrows made {active!r} active, not the first suggestion"
    assert page.active_input() == "address", "the arrows moved the focus out of the search"
    page.keys(Keys.ENTER)
    page.wait(lambda: page.field(page.screen(), "address")["status"] == "valid" or page.text("#status"),
              "the address to be valid")
    assert not page.text("#status"), f"choosing suggestion 1 was refused by the server: {page.text('#status')!r}"
    screen = compare(page, f"{brand}: address chosen")
    assert screen["join"]["address"]["chosen"] == person["firstSuggestion"]
    assert page.text("#address-chosen") == f"Chosen: {person['firstSuggestion']}"
    assert page.text("#announcer") == f"Chosen: {person['firstSuggestion']}", "the choice is announced"

    # Username (checked for availability when left) and password.
    page.focus_input("username")
    page.type("username", person["username"])
    page.focus_input("password")
    page.type("password", person["password"])
    page.next(None)
    page.wait(lambda: all(page.field(page.screen(), name)["status"] != "unknown"
                          and not page.field(page.screen(), name)["validating"] for name in ("username", "password")),
              "the username check and the password check")
    screen = compare(page, f"{brand}: username and password")
    for name in ("username", "password"):
        field = page.field(screen, name)
        assert field["status"] == "valid", f"{name} should be valid: {field}"

    # Deposit limit: required in Australia, optional in New Zealand. A limit shows labelled children.
    limit_field = page.field(screen, "depositLimit")
    assert limit_field["required"] == (brand in AUSTRALIAN), limit_field
    page.click("#deposit-limited")
    page.wait(lambda: page.screen()["join"]["depositLimit"]["decision"] == "limited"
              and page.exists('[data-input="depositLimit.amount"]'), "the deposit limit's inputs")
    compare(page, f"{brand}: deposit limit to set")
    check_labels(page, f"{brand} deposit limit")
    if brand in AUSTRALIAN:
        page.click("#deposit-declined")
        page.wait(lambda: page.screen()["join"]["depositLimit"]["decision"] == "declined", "no deposit limit")
    else:
        page.click("#deposit-undecided")
        page.wait(lambda: page.screen()["join"]["depositLimit"]["decision"] == "undecided", "deposit limit left for later")
    page.click("#input-marketingConsent")
    page.wait(lambda: page.field(page.screen(), "marketingConsent").get("ticked") is True, "marketing consent ticked")
    # The tick box keeps the focus (the engine's last input must not take it back), so Space toggles it.
    assert page.js("return document.activeElement.id") == "input-marketingConsent", \
        f"ticking moved the focus to {page.js('return document.activeElement.id')}"
    for ticked in (False, True):
        page.keys(Keys.SPACE)
        page.wait(lambda: page.field(page.screen(), "marketingConsent").get("ticked") is ticked,
                  f"Space to make the tick box {ticked}")
    assert page.element("#input-password").get_attribute("value") == person["password"], "a Space went into the password"
    screen = compare(page, f"{brand}: deposit limit and consent")
    assert page.field(screen, "depositLimit")["status"] == "valid"
    assert page.element("#input-marketingConsent").is_selected()

    page.click("#cta")
    page.wait(lambda: page.screen()["join"].get("route") == "signedUp", "the signedUp route")
    screen = compare(page, f"{brand}: signed up")
    assert page.element("#route").is_displayed() and page.text("#route p") == "Route reached: signedUp"
    outcomes = [event["properties"].get("outcome") for event in screen["events"] if event["name"] == "join_sign_up"]
    assert outcomes and outcomes[-1] == "created", f"join_sign_up events: {outcomes}"
    page.screenshot(f"{brand}-2-signed-up.png")
    LATENCIES[f"sign-up {brand}"] = page.latencies()
    return page


BAR_SNAPSHOT = r"""
const out = {};
for (const group of ['left', 'centre', 'right']) {
  const section = document.querySelector('#app-bar .bar-' + group);
  out[group] = section ? [...section.children].filter(n => n.tagName === 'BUTTON' || n.id === 'bar-logo').map(b => b.id === 'bar-logo'
    ? { id: 'logo', label: b.getAttribute('aria-label') || b.textContent, badge: null, disabled: true, pressed: null } : ({
    id: b.dataset.item, label: b.querySelector('.label').textContent,
    badge: b.querySelector('.badge') ? b.querySelector('.badge').textContent : null,
    disabled: b.disabled, pressed: b.getAttribute('aria-pressed') })) : null;
}
out.signedIn = document.getElementById('app-bar').dataset.signedIn;
out.userTray = !!document.getElementById('user-tray');
const locker = document.getElementById('locker');
out.locker = locker ? locker.className.replace('overlay', '').trim() : 'closed';
return out;
"""


def label_of(item_id):
    words = re.sub(r"([A-Z])", r" \1", item_id).lower()
    return words[:1].upper() + words[1:]


def compare_bar(page, what):
    screen = page.settled(what)
    bar, dom = screen["appBar"], page.js(BAR_SNAPSHOT)
    found = []
    for group in ("left", "centre", "right"):
        # The logo is the brand's picture, named with the brand's name.
        expected = [dict(id=item["id"],
                         label=DECLARED[page.brand]["name"] if item["id"] == "logo" else item.get("text") or label_of(item["id"]),
                         badge=None if item.get("badge") is None else str(item["badge"]),
                         disabled=not item["enabled"], pressed="true" if item["active"] else None)
                    for item in bar[group] if not item["spacer"]]
        if dom[group] != expected:
            found.append(f"{group}: page shows {dom[group]}, engine has {expected}")
    if dom["signedIn"] != ("true" if bar["signedIn"] else "false"):
        found.append(f"signed in: page {dom['signedIn']}, engine {bar['signedIn']}")
    if dom["userTray"] != bar["userTray"]:
        found.append(f"user tray: page {dom['userTray']}, engine {bar['userTray']}")
    if dom["locker"] != bar["locker"]:
        found.append(f"locker: page {dom['locker']}, engine {bar['locker']}")
    assert not found, f"{what}: the app bar does not show the engine's state:\n    " + "\n    ".join(found)
    return bar, dom


def items(dom):
    return {item["id"]: item for group in ("left", "centre", "right") for item in dom[group]}


def test_alert_focus(driver, server, brand):
    """The system alert takes the focus when it opens, has no axe-core violation, keeps the focus on Tab,
    closes on Escape and gives the focus back."""
    person = PEOPLE[brand]
    page = Page(driver, server, brand)
    page.element("#faults").send_keys("create-client=503")
    page.click("#set-faults")
    page.wait(lambda: page.screen()["panel"]["faults"], "the fault applied")
    fill_details(page, person)
    page.click("#cta")
    page.wait(lambda: page.screen()["join"]["page"] == "account", "page 2 (account)")
    page.focus_input("address")
    page.type("address", person["address"])
    page.keys(Keys.ENTER)
    page.wait(lambda: page.exists(".suggestion"), "address suggestions")
    page.click(".suggestion")
    page.wait(lambda: page.screen()["join"]["address"].get("chosen"), "an address chosen")
    page.focus_input("username")
    page.type("username", person["username"])
    page.focus_input("password")
    page.type("password", person["password"])
    page.next(None)
    page.click("#deposit-declined")
    page.wait(lambda: page.screen()["join"]["callToActionEnabled"], "sign-up enabled")
    page.click("#cta")
    page.wait(lambda: page.screen()["join"].get("alert"), "the sign-up alert")
    page.wait(lambda: page.js("return document.getElementById('alert').contains(document.activeElement)"),
              "the focus in the alert")
    # The alert state is audited too, at a phone's width and a desktop's.
    try:
        for width, height in ((390, 844), (1280, 900)):
            driver.set_window_size(width, height)
            violations = axe_violations(page)
            assert not violations, f"{brand}: axe-core violations with the alert open at {width} px: {violations}"
    finally:
        driver.set_window_size(1280, 1300)
    page.js("document.getElementById('alert').querySelector('button').focus()")
    buttons = page.js("return [...document.querySelectorAll('#alert button')].length")
    for _ in range(buttons + 1):
        page.keys(Keys.TAB)
        assert page.js("return document.getElementById('alert').contains(document.activeElement)"), \
            f"{brand}: Tab left the alert for {page.js('return document.activeElement.id')}"
    page.keys(Keys.ESCAPE)
    page.wait(lambda: not page.screen()["join"].get("alert"), "Escape dismissed the alert")
    page.wait(lambda: page.js("return document.activeElement !== document.body"), "the focus given back")


def axe_script():
    """axe-core's script, from the pinned PyPI package that ships it (installed by .ci/run)."""
    import importlib.util
    spec = importlib.util.find_spec("axe_playwright_python")
    assert spec, "axe-core is missing: pip install --no-deps --ignore-requires-python axe-playwright-python==0.1.8"
    return (Path(spec.submodule_search_locations[0]) / "axe.min.js").read_text(encoding="utf-8")


AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]


def axe_violations(page):
    """axe-core's violations of WCAG 2.0/2.1/2.2 A and AA and best practice on the page as it is now."""
    if not page.js("return !!window.axe"):
        page.js(axe_script())
    return page.d.execute_async_script("""
const done = arguments[arguments.length - 1];
axe.run(document, { runOnly: { type: 'tag', values: arguments[0] } })
  .then(result => done(result.violations.map(v => ({ id: v.id, impact: v.impact,
        nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ')) }))))
  .catch(error => done([{ id: 'axe-failed', impact: 'critical', nodes: [String(error)] }]));
""", AXE_TAGS)


# WCAG 2.2's target size (minimum, 2.5.8), measured rather than left to one axe-core version (4.10 reports
# small tick boxes, 4.12 passes them as the browser's own controls): every target a pointer can hit is at
# least 24 x 24 CSS px, or the 24 px circle centred on it touches no other target and no other small
# target's circle. Links inside a sentence are exempt.
TARGET_SIZE_SCRIPT = """
// WCAG 2.2's target size (minimum, 2.5.8): every target a pointer can hit is at least 24 × 24 CSS px,
// or its 24 px circle (centred on it) touches no other target and no other small target's circle.
// Links inside a sentence are exempt. Returns the targets that fail, each with its size.
const selector = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=option], [role=tab]';
const shown = element => {
  const style = getComputedStyle(element);
  const box = element.getBoundingClientRect();
  return style.visibility !== 'hidden' && style.display !== 'none' && box.width > 0 && box.height > 0;
};
const inSentence = element => element.tagName === 'A' && [...element.parentElement.childNodes].some(node =>
  node !== element && node.nodeType === Node.TEXT_NODE && node.textContent.trim().length > 0);
const targets = [...document.querySelectorAll(selector)].filter(e => shown(e) && !e.disabled && !inSentence(e))
  .map(element => ({ element, box: element.getBoundingClientRect() }));
const small = t => t.box.width < 23.95 || t.box.height < 23.95;
const centre = t => [t.box.left + t.box.width / 2, t.box.top + t.box.height / 2];
const distanceToBox = ([x, y], box) => Math.hypot(Math.max(box.left - x, 0, x - box.right), Math.max(box.top - y, 0, y - box.bottom));
const name = e => e.id ? '#' + e.id : e.tagName.toLowerCase() + (e.className ? '.' + [...e.classList].join('.') : '') + ' "' + (e.textContent || '').trim().slice(0, 30) + '"';
const failing = [];
for (const target of targets.filter(small)) {
  const c = centre(target);
  const crowded = targets.find(other => other !== target && !other.element.contains(target.element) && !target.element.contains(other.element) &&
    (distanceToBox(c, other.box) < 12 || (small(other) && Math.hypot(c[0] - centre(other)[0], c[1] - centre(other)[1]) < 24)));
  if (crowded) failing.push(name(target.element) + ' ' + Math.round(target.box.width) + '×' + Math.round(target.box.height) + ' beside ' + name(crowded.element));
}
return failing;
"""


def target_size_failures(page):
    """The targets on the page as it is now that are smaller than 24 x 24 CSS px and crowded."""
    return page.js(TARGET_SIZE_SCRIPT)


def test_axe(driver, server, brand):
    """Zero axe-core violations and no crowded target under 24 x 24 px in every state a person meets, the
    preview's controls open, at a phone's width and a desktop's."""
    person = PEOPLE[brand]
    try:
        for width, height in ((390, 844), (1280, 900)):
            driver.set_window_size(width, height)
            found = {}

            def audit(state):
                violations = axe_violations(page)
                small = target_size_failures(page)
                if small:
                    violations = violations + [{"id": "target-size (measured)", "nodes": small}]
                if violations:
                    found[f"{state} at {width} px"] = violations

            def open_studio():
                page.click("#studio > summary")
                page.wait(lambda: page.exists("#studio-colour-primary"), "the studio open")

            page = Page(driver, server, brand)
            assert page.js("return document.getElementById('controls').open"), "the preview's controls start open"
            audit("empty")
            open_studio()
            audit("empty, the studio open")
            page.click("#cta")
            page.wait(lambda: any(f["messages"] for f in page.screen()["join"]["fields"]), "errors shown")
            audit("errors")
            page = Page(driver, server, brand)
            fill_details(page, person)
            page.click("#cta")
            page.wait(lambda: page.screen()["join"]["page"] == "account", "page 2")
            audit("page 2")
            open_studio()
            audit("page 2, the studio open")
            page.focus_input("address")
            page.type("address", person["address"])
            page.keys(Keys.ENTER)
            page.wait(lambda: page.exists(".suggestion"), "suggestions")
            audit("suggestions")
            for css, value in (("#balance", "125.50"), ("#pending", "2"), ("#promotions", "3")):
                page.element(css).clear()
                page.element(css).send_keys(value)
            page.click("#sign-in")
            page.wait(lambda: page.exists("#bar-balance"), "signed in")
            audit("signed in")
            assert not found, f"{brand}: axe-core violations: {json.dumps(found, indent=1)}"
    finally:
        driver.set_window_size(1280, 1300)


def luminance(rgb):
    def channel(value):
        value /= 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4
    red, green, blue = (channel(v) for v in rgb)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(one, other):
    lighter, darker = sorted((luminance(one), luminance(other)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def rgb_hex(hex_colour):
    """(r, g, b) of `#rrggbb`."""
    return tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))


def rgb(css_colour):
    """(r, g, b) of a computed colour such as `rgb(255, 120, 0)`."""
    return tuple(int(float(part)) for part in re.findall(r"[\d.]+", css_colour)[:3])


def hex_rgb(hex_colour):
    return tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))


def test_brand_look(driver, server, brand):
    """The brand's look comes from its brand.json: its logo (the SVG beside the file) in the bar,
    named for a screen reader; its font stack; and the focus ring in its own colour, at least 3:1
    against the bar and the page, wherever the keyboard is."""
    declared = DECLARED[brand]
    page = Page(driver, server, brand)
    page.wait(lambda: page.exists("#bar-logo.bar-logo:not(.wordmark)"), "the logo in the bar")
    logo = page.element("#bar-logo")
    assert logo.get_attribute("role") == "img" and logo.get_attribute("aria-label") == declared["name"], \
        f"{brand}: the logo is named {logo.get_attribute('aria-label')!r}"
    image = page.js("return getComputedStyle(document.getElementById('bar-logo')).backgroundImage")
    match = re.match(r'url\("data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"\)', image)
    assert match, f"{brand}: the logo is drawn from {image[:80]!r}"
    svg = base64.b64decode(match.group(1)).decode("utf-8")
    assert svg == (declared["folder"] / declared["theme"]["logo"]).read_text(encoding="utf-8"), \
        f"{brand}: the bar's logo is not {declared['theme']['logo']}"
    size = page.js("const r = document.getElementById('bar-logo').getBoundingClientRect(); return [r.width, r.height]")
    assert size[0] > 20 and size[1] > 20, f"{brand}: the logo is drawn {size} px"

    stack = [declared["theme"]["fontFamily"]] + declared["theme"].get("fontFallbacks", [])
    shown = page.js("return getComputedStyle(document.body).fontFamily")
    names = [name.strip().strip('"') for name in shown.split(",")]
    assert names == stack, f"{brand}: the page's font is {shown!r}, the brand's stack {stack!r}"

    ring = hex_rgb(declared["theme"]["colours"]["focusRing"])
    bar = rgb(page.js("return getComputedStyle(document.getElementById('app-bar')).backgroundColor"))
    background = rgb(page.js("return getComputedStyle(document.body).backgroundColor"))
    for where, colour in (("the bar", bar), ("the page", background)):
        assert contrast(ring, colour) >= 3, f"{brand}: the focus ring is {contrast(ring, colour):.2f}:1 against {where}"
    # By keyboard, from the top: the ring drawn on a control of the bar and of the form is the brand's.
    page.js("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)")
    seen = set()
    for _ in range(60):
        page.keys(Keys.TAB)
        where = page.js("const a = document.activeElement; return a.closest('#app-bar') ? 'bar'"
                        " : a.closest('#journey') ? 'journey' : 'other'")
        if where in ("bar", "journey") and where not in seen:
            outline = page.js("const s = getComputedStyle(document.activeElement);"
                              " return [s.outlineStyle, s.outlineColor, s.outlineWidth]")
            assert outline[0] != "none" and rgb(outline[1]) == ring and float(outline[2][:-2]) >= 2, \
                f"{brand}: the focused {page.js('return document.activeElement.id')} in the {where} has the outline {outline}"
            seen.add(where)
        if seen == {"bar", "journey"}:
            break
    assert seen == {"bar", "journey"}, f"{brand}: Tab reached only {seen}"
    return page


FOCUSED = "const a = document.activeElement; return a && a !== document.body ? (a.dataset.input || a.id || a.tagName) : null"


def tab_to(page, wanted, what, limit=30):
    """Presses Tab until the focus is on `wanted` (an input's engine id or an element id); the
    focus is on some control after every press, never lost to the page's body."""
    for _ in range(limit):
        page.keys(Keys.TAB)
        focused = page.js(FOCUSED)
        assert focused, f"{page.brand}: a Tab on the way to {what} left the focus on the page's body"
        if focused == wanted:
            return
    raise AssertionError(f"{page.brand}: {limit} Tabs did not reach {what}")


def test_keyboard_sign_up(driver, server, brand):
    """A whole sign-up with the keyboard alone; after every step the focus is where a person
    needs it: the field the engine focuses, the step's heading, the chosen address."""
    person = PEOPLE[brand]
    page = Page(driver, server, brand)
    page.js("window.scrollTo(0, 0); document.activeElement && document.activeElement.blur()")
    tab_to(page, "title", "the title, the form's first input")
    page.keys(person["title"])
    page.wait(lambda: page.field(page.screen(), "title")["display"] == person["title"], "the title chosen by typing")
    order = ["firstName", "lastName", "dateOfBirth", "email", "mobile"]
    tab_to(page, order[0], "the first name")
    page.wait(lambda: page.screen()["join"].get("focus") == order[0], "the engine to focus the first name")
    for index, name in enumerate(order):
        page.type(name, person[name])
        page.keys(Keys.ENTER)   # the keyboard's return key: Next
        following = order[index + 1] if index + 1 < len(order) else None
        page.wait(lambda: page.screen()["join"].get("focus") == following
                  and (following is None or page.active_input() == following),
                  f"Enter in {name} to move the focus to {following}")
    tab_to(page, "cta", "Continue")
    page.keys(Keys.ENTER)
    page.wait(lambda: page.screen()["join"]["page"] == "account", "page 2 by Enter on Continue")
    engine_focus = page.screen()["join"].get("focus")
    page.wait(lambda: page.js(FOCUSED) == (engine_focus or "page-title"),
              f"the focus on {engine_focus or 'the heading'} after Continue")
    tab_to(page, "address", "the address search")
    page.type("address", person["address"])
    page.keys(Keys.ENTER)
    page.wait(lambda: page.exists('.suggestion[data-position="1"]'), "address suggestions")
    page.keys(Keys.ARROW_DOWN, Keys.ENTER)
    page.wait(lambda: page.screen()["join"]["address"].get("chosen") == person["firstSuggestion"], "the address chosen")
    assert page.js(FOCUSED), f"{brand}: choosing the address lost the focus"
    for name in ("username", "password"):
        tab_to(page, name, f"the {name}")
        page.type(name, person[name])
    decision = "declined" if brand in AUSTRALIAN else "undecided"
    for _ in range(30):
        page.keys(Keys.TAB)
        if page.js("return document.activeElement.name") == "deposit-limit":
            break
    else:
        raise AssertionError(f"{brand}: Tab never reached the deposit limit")
    for _ in range(4):
        if page.screen()["join"]["depositLimit"]["decision"] == decision:
            break
        page.keys(Keys.ARROW_DOWN)
        page.wait(lambda: page.js("return document.activeElement.name") == "deposit-limit", "the arrows within the choices")
    page.wait(lambda: page.screen()["join"]["depositLimit"]["decision"] == decision, f"the deposit limit {decision}")
    page.wait(lambda: page.screen()["join"]["callToActionEnabled"], "Sign up enabled")
    tab_to(page, "cta", "Sign up")
    page.keys(Keys.ENTER)
    page.wait(lambda: page.screen()["join"].get("route") == "signedUp", "the signedUp route by Enter on Sign up")
    page.wait(lambda: page.js(FOCUSED), "the focus kept on a control after signing up")
    return page


def test_restart(driver, folder, brand="neds"):
    """The server restarts mid-journey: the page says so without covering a control, holds what is
    typed meanwhile, and on reconnecting replays the session, back on the same step with the same
    values, world and recording, plus what was held."""
    person = PEOPLE[brand]
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    first = PreviewServer(folder, port=port)
    try:
        page = Page(driver, first, brand)
        for css, value in (("#balance", "125.50"), ("#pending", "2"), ("#promotions", "3")):
            page.element(css).clear()
            page.element(css).send_keys(value)
        page.click("#sign-in")
        page.wait(lambda: page.screen()["appBar"]["signedIn"], "signed in")
        page.click("#record")
        page.wait(lambda: page.screen()["recorder"]["recording"], "recording")
        fill_details(page, person, check_bad_email=False)
        page.click("#cta")
        page.wait(lambda: page.screen()["join"]["page"] == "account", "page 2")
        page.focus_input("username")
        page.type("username", person["username"])
        before = page.settled("the screen before the restart")
    finally:
        first.stop()
    page.wait(lambda: "Disconnected" in (page.text("#status") or ""), "the page to say it is disconnected")
    page.element('[data-input="password"]').click()
    page.keys(person["password"])
    page.wait(lambda: "held" in (page.text("#status") or ""), "what is typed to be held")
    covered = page.js("""
const banner = document.getElementById('status').getBoundingClientRect();
return [...document.querySelectorAll('button, input, select, a, summary')].filter(e => {
  const r = e.getBoundingClientRect();
  return r.width && r.height && r.left < banner.right && r.right > banner.left && r.top < banner.bottom && r.bottom > banner.top;
}).map(e => e.id || e.tagName);""")
    assert not covered, f"the disconnection banner covers {covered}"
    second = PreviewServer(folder, port=port)
    try:
        page.server = second
        page.wait(lambda: "replayed" in (page.text("#status") or ""), "the page to replay its session", timeout=20)
        page.wait(lambda: len((page.shown_field("password") or {}).get("display", "")) == len(person["password"]),
                  "the held password to arrive")
        page.session = page.screen()["session"]
        after = page.settled("the screen after the restart")
        assert after["join"]["page"] == "account", f"after the restart the journey is on {after['join']['page']}"
        for field in before["join"]["fields"]:
            if field["id"] != "password":
                again = page.field(after, field["id"])
                assert again.get("value") == field.get("value") and again["display"] == field["display"], \
                    f"{field['id']}: {field.get('value')!r} before the restart, {again.get('value')!r} after"
        shown = page.element("#input-password").get_attribute("value")
        assert shown == person["password"], f"the password held while disconnected shows {len(shown)} characters"
        assert after["appBar"]["signedIn"] and after["panel"] == before["panel"], \
            f"the world: {before['panel']} before the restart, {after['panel']} after"
        assert after["recorder"]["recording"] and after["recorder"]["steps"] > before["recorder"]["steps"], \
            f"the recording: {before['recorder']['steps']} steps before, {after['recorder']['steps']} after"
        page.click("#cta")
        page.wait(lambda: page.screen()["join"]["callToAction"] == "signUp", "the journey going on")
    finally:
        second.stop()


def test_studio(driver, brand="neds"):
    """The brand studio on a copy of the brand's files: a new primary colour repaints the page and
    marks the contrast pair it breaks, and clears it when mended; new words for a rule code show in the
    form at once (the journey replayed to the same step) and fail exactly the scenarios that expected
    the old words; Save writes a file `livery doctor` and `livery run` accept."""
    person = PEOPLE[brand]
    name = next(path.name for path in (ROOT / "Brands").iterdir() if path.name.lower() == brand)
    work = Path(tempfile.mkdtemp(prefix="livery-studio-test-"))
    shutil.copytree(ROOT / "Brands" / name / "Plugin", work / "Brands" / name / "Plugin")
    shutil.copytree(ROOT / "Tests" / "Scenarios" / brand, work / "Scenarios" / brand)
    server = PreviewServer(work / "Scenarios", extra=("--brand-files", str(work / "Brands")))
    try:
        page = Page(driver, server, brand)
        fill_details(page, person, check_bad_email=False)
        page.click("#cta")
        page.wait(lambda: page.screen()["join"]["page"] == "account", "page 2")
        page.focus_input("username")
        page.type("username", "taken_name")
        page.next("password")
        page.wait(lambda: "That username is taken." in page.field(page.screen(), "username")["messages"],
                  "the taken username's words")
        page.click("#studio > summary")
        page.wait(lambda: page.exists("#studio-colour-primary"), "the studio open")

        def cta_colour():
            return rgb(page.js("return getComputedStyle(document.getElementById('cta')).backgroundColor"))

        def pair(name):
            return page.js("const r = document.querySelector(`#studio-contrast tr[data-pair='${arguments[0]}']`);"
                           " return r ? [r.className, r.textContent] : null", name)

        def set_text(css, value):
            field = page.element(css)
            field.click()
            ActionChains(page.d).key_down(Keys.CONTROL).send_keys("a").key_up(Keys.CONTROL).perform()
            page.keys(value, Keys.TAB)

        original = cta_colour()
        assert pair("onPrimary/primary")[0] == "pass", pair("onPrimary/primary")
        set_text("#studio-colour-primary", "#333333")
        page.wait(lambda: cta_colour() == (51, 51, 51), "Continue repainted from the new primary")
        page.wait(lambda: pair("onPrimary/primary")[0] == "fail", "the broken pair marked")
        assert "fails (needs 4.5:1)" in pair("onPrimary/primary")[1], pair("onPrimary/primary")
        page.js("document.getElementById('studio').scrollIntoView()")
        page.screenshot("studio.png")   # the preview guide's picture of the studio
        page.js("window.scrollTo(0, 0)")
        assert cta_colour() != original
        # Save waits for the doctor; the nearest passing shade of the colour edited is one click away.
        assert page.element("#studio-save").get_attribute("disabled") is not None, "Save offered for a failing brand"
        assert "onPrimary on primary" in page.text("#studio-doctor"), page.text("#studio-doctor")
        shade = page.element("#studio-shade-onPrimary-primary")
        offered = shade.text.removeprefix("Use ")
        shade.click()
        page.wait(lambda: pair("onPrimary/primary")[0] == "pass", "the pair mended by the shade offered")
        page.wait(lambda: cta_colour() == rgb_hex(offered), f"Continue repainted in {offered}")
        page.wait(lambda: page.element("#studio-save").get_attribute("disabled") is None, "Save offered again")
        assert "every check passes" in page.text("#studio-doctor"), page.text("#studio-doctor")
        set_text("#studio-colour-primary", "blue")
        page.wait(lambda: "'blue' is not a colour" in (page.text("#studio-colour-primary-error") or ""),
                  "the reader's error beside the control")
        assert cta_colour() == rgb_hex(offered), "a refused value changes nothing"
        set_text("#studio-colour-primary", "#ffb000")
        page.wait(lambda: pair("onPrimary/primary")[0] == "pass", "the pair mended")
        page.wait(lambda: cta_colour() == (255, 176, 0), "Continue repainted again")
        violations = axe_violations(page)
        assert not violations, f"axe-core violations with the studio open: {violations}"
        small = target_size_failures(page)
        assert not small, f"targets under 24 x 24 px and crowded, with the studio and the controls open: {small}"

        set_text("#studio-new-code", "username.taken")
        set_text("#studio-new-words", "Gone. Pick another?")
        page.click("#studio-message-add")
        page.wait(lambda: "Gone. Pick another?" in ((page.shown_field("username") or {}).get("messages") or []),
                  "the new words on the same step, after the journey was replayed")
        assert page.text("#username-messages") == "Gone. Pick another?", page.text("#username-messages")
        page.click("#studio-run")
        files = sorted(p.name for p in (work / "Scenarios" / brand).glob("*.yaml"))
        page.wait(lambda: page.js("return document.querySelectorAll('#studio-scenarios li').length") == len(files),
                  "every scenario file's verdict", timeout=30)
        failed = sorted(page.js("return [...document.querySelectorAll('#studio-scenarios li.fail')].map(l => l.dataset.file)"))
        expected = sorted(f for f in files if "That username is taken." in (work / "Scenarios" / brand / f).read_text())
        assert failed == expected and expected, f"failed {failed}, expected the files with the old words {expected}"
        assert ".yaml:" in page.text("#studio-scenarios li.fail pre"), "a failure says where"

        page.click("#studio-save")
        page.wait(lambda: (page.text("#studio-note") or "").startswith("Saved"), "saved")
        saved = work / "Brands" / name / "Plugin" / "brand.json"
        declared = json.loads(saved.read_text(encoding="utf-8"))
        assert declared["theme"]["colours"]["primary"] == "#ffb000"
        assert declared["messages"]["username.taken"] == "Gone. Pick another?"
        for command in (["doctor", brand, "--brand-file", str(saved)], ["run", brand, "--brand-file", str(saved)]):
            done = subprocess.run([str(LIVERY), *command, "--no-colour"], cwd=ROOT, capture_output=True, text=True,
                                  timeout=120)
            if command[0] == "doctor":
                assert done.returncode == 0, f"livery {' '.join(command)}: {done.stdout[-800:]}{done.stderr[-800:]}"
            else:
                # The brand's own scenarios expecting the old words fail on the saved brand, and only they.
                assert done.returncode == 1 and all(f in done.stdout for f in expected), done.stdout[-800:]
        # Judged here, with the server still up: once it stops, the page's reconnect attempts are logged too.
        errors = page.console_errors()
        assert not errors, f"JavaScript errors: {errors}"
    finally:
        driver.get("about:blank")
        server.stop()
        shutil.rmtree(work, ignore_errors=True)


def test_reflow(driver, server, brand):
    """Phone first: at 320 and 390 px wide nothing is wider than the window, signed out and signed in,
    on both pages; the journey is a column at most 430 px wide on a wide window."""
    try:
        for width, height in ((320, 800), (390, 844)):
            driver.set_window_size(width, height)
            page = Page(driver, server, brand)
            inner = page.js("return window.innerWidth")

            def overflowing(what):
                wide = page.js(
                    "return [...document.querySelectorAll('body *')].filter(e => e.getClientRects().length"
                    " && e.getBoundingClientRect().right > window.innerWidth + 0.5)"
                    ".map(e => e.id || e.className || e.tagName).slice(0, 5)")
                scroll = page.js("return document.documentElement.scrollWidth")
                assert scroll <= inner and not wide, f"{brand} at {width} px, {what}: page {scroll} px wide; past the edge: {wide}"

            overflowing("signed out")
            for css, value in (("#balance", "125.50"), ("#pending", "2"), ("#promotions", "3")):
                page.element(css).clear()
                page.element(css).send_keys(value)
            page.click("#sign-in")
            page.wait(lambda: page.screen()["appBar"]["signedIn"], "signed in")
            page.wait(lambda: page.exists("#bar-balance"), "the balance in the bar")
            overflowing("signed in")
        driver.set_window_size(1280, 1300)
        page = Page(driver, server, brand)
        column = page.js("return document.getElementById('phone').getBoundingClientRect().width")
        assert column <= 430, f"{brand}: the phone column is {column} px wide on a wide window"
    finally:
        driver.set_window_size(1280, 1300)


def test_app_bar(driver, server, brand):
    page = Page(driver, server, brand)
    bar, dom = compare_bar(page, f"{brand}: signed out")
    shown = items(dom)
    assert {"login", "join", "betslip"} <= set(shown), f"signed out: {sorted(shown)}"
    assert not {"balance", "pendingBets", "locker", "toolbox", "userTray"} & set(shown), f"signed out: {sorted(shown)}"

    # Sign in through the panel, typing the amounts as a person would.
    for css, value in (("#balance", "125.50"), ("#pending", "2"), ("#promotions", "3")):
        page.element(css).clear()
        page.element(css).send_keys(value)
    page.click("#sign-in")
    page.wait(lambda: page.screen()["appBar"]["signedIn"], "signed in")
    bar, dom = compare_bar(page, f"{brand}: signed in")
    shown = items(dom)
    assert not {"login", "join"} & set(shown), f"signed in still shows login/join: {sorted(shown)}"
    assert "125.50" in shown["balance"]["label"], shown["balance"]
    assert shown["pendingBets"]["badge"] == "2", shown["pendingBets"]
    assert page.text("#bar-pendingBets .badge") == "2"
    promotions = promotions_entry(brand)
    if promotions is None:
        assert not {"locker", "toolbox"} & set(shown), f"{brand} shows a promotions entry: {sorted(shown)}"
    else:
        entry, badged = promotions
        assert entry in shown, f"{brand} has no {entry}: {sorted(shown)}"
        assert ({"locker", "toolbox"} - {entry}).isdisjoint(shown), sorted(shown)
        assert shown[entry]["badge"] == ("3" if badged else None), shown[entry]
        assert page.exists(f"#bar-{entry} .badge") == badged
    assert page.text("#panel-session").startswith("Signed in")

    # The betslip counter.
    page.element("#betslip").clear()
    page.element("#betslip").send_keys("4")
    page.click("#set-betslip")
    page.wait(lambda: page.text("#bar-betslip .label") == "4", "the betslip counter to show 4")
    compare_bar(page, f"{brand}: betslip 4")
    assert page.text("#panel-betslip-count") == "Betslip: 4"
    for count in ("1", "0", "4"):  # 0 and 1 were once refused as if they were true/false
        page.element("#betslip").clear()
        page.element("#betslip").send_keys(count)
        page.click("#set-betslip")
        page.wait(lambda: page.text("#bar-betslip .label") == count or page.text("#status"), f"the betslip to show {count}")
        assert not page.text("#status"), f"betslip {count} refused: {page.text('#status')!r}"

    if brand == "ladbrokes":
        page.click("#bar-userTray")
        page.wait(lambda: page.exists("#user-tray"), "the user tray")
        compare_bar(page, "ladbrokes: user tray open")
        # Watch every state the overlays take, with times, before tapping the locker.
        page.js("""
            window.overlayLog = [];
            const note = () => {
              const locker = document.getElementById('locker'), tray = document.getElementById('user-tray');
              const state = (tray ? 'tray ' : '') + (locker ? locker.className.replace('overlay', '').trim() : 'closed');
              const log = window.overlayLog;
              if (!log.length || log[log.length - 1][0] !== state) log.push([state, performance.now()]);
            };
            note();
            document.addEventListener('click', event => {
              if (event.target.closest('#bar-locker')) window.lockerTappedAt = performance.now();
            }, true);
            new MutationObserver(note).observe(document.getElementById('overlays'), { childList: true, subtree: true, attributes: true });
        """)
        page.click("#bar-locker")
        page.wait(lambda: page.exists("#locker.open"), "the locker to open")
        log = page.js("return window.overlayLog")
        states = [state for state, _ in log]
        assert states[:3] == ["tray closed", "opening", "open"], f"overlay states: {log}"
        # The locker opens 300 ms after the tap on the engine's clock, which the server moves on with the
        # wall clock every 20 ms: so between 280 ms (a tick's worth early) and a generous bound.
        delay = log[2][1] - page.js("return window.lockerTappedAt")
        assert 280 <= delay <= 3000, f"the locker opened {delay:.0f} ms after the tap (300 ms expected): {log}"
        bar, _ = compare_bar(page, "ladbrokes: locker open")
        assert bar["locker"] == "open" and not bar["userTray"]
        print(f"      ladbrokes locker: tray closed, 'opening', then 'open' {delay:.0f} ms after the tap")
    return page


def test_accessibility(driver, server, brand):
    page = Page(driver, server, brand)
    check_labels(page, f"{brand} page 1 and panel")
    unreachable = page.js(UNREACHABLE)
    assert not unreachable, f"form controls a keyboard cannot reach (tabindex -1): {unreachable}"
    order = page.screen()["join"]["focusOrder"]
    assert order, "no focus order"
    page.focus_input(order[0])
    # The title drop-down (no engine focus) is before the first input: Shift+Tab reaches it, an arrow
    # key chooses, and the focus stays on it; Tab goes on to the first input.
    options = page.field(page.screen(), "title")["options"]
    ActionChains(page.d).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
    page.wait(lambda: page.js("return document.activeElement.id") == "input-title", "Shift+Tab to reach the title")
    page.keys(Keys.ARROW_DOWN)
    page.wait(lambda: page.field(page.screen(), "title")["display"] == options[0], f"the title {options[0]} chosen by keyboard")
    compare(page, f"{brand}: title chosen by keyboard")
    assert page.js("return document.activeElement.id") == "input-title", "choosing a title moved the focus away"
    page.keys(Keys.TAB)
    page.wait(lambda: page.active_input() == order[0], f"Tab from the title to {order[0]}")
    for expected in order[1:]:
        page.keys(Keys.TAB)
        page.wait(lambda: page.active_input() == expected and page.screen()["join"].get("focus") == expected,
                  f"Tab to move to {expected} (the engine's focus order {order})")
    compare(page, f"{brand}: after walking the focus order")
    # After the last input, Tab leaves the inputs for the form's buttons.
    page.keys(Keys.TAB)
    page.wait(lambda: page.active_input() is None, "Tab to leave the last input")
    return page


def test_recorder(driver, server, brand, folder):
    person = PEOPLE[brand]
    page = Page(driver, server, brand)
    page.click("#record")
    page.wait(lambda: page.screen()["recorder"]["recording"], "recording")
    assert page.text("#record") == "Stop recording"
    page.choose("title", person["title"])
    page.focus_input("firstName")
    page.type("firstName", person["firstName"])
    page.focus_input("lastName")
    page.type("lastName", person["lastName"])
    page.focus_input("email")
    page.type("email", person["badEmail"])
    page.next("mobile")
    page.wait(lambda: page.field(page.screen(), "email")["status"] == "invalid", "the invalid email")
    page.click("#mark")
    page.wait(lambda: "expect:" in page.screen()["recorder"]["text"], "the expectation in the recording")
    name = "91-browser-recorded.yaml"
    page.element("#file-name").clear()
    page.element("#file-name").send_keys(name)
    page.click("#save")
    saved = Path(folder) / brand / name
    page.wait(lambda: page.screen()["recorder"].get("saved"), "the recording to be saved")
    assert page.screen()["recorder"]["saved"] == str(saved), page.screen()["recorder"]["saved"]
    assert page.text("#saved") == f"Saved {saved}"
    assert saved.is_file(), f"{saved} was not written"
    text = saved.read_text()
    assert page.text("#recorded").split("steps:")[1] == text.split("steps:")[1], "the page shows another recording"
    for step in (f'choose: {{ title: "{person["title"]}" }}', f'type: {{ firstName: "{person["firstName"]}" }}',
                 f'type: {{ email: "{person["badEmail"]}" }}', "- next", "email: invalid", "focus: mobile"):
        assert step in text, f"the recording lacks {step!r}:\n{text}"
    # Only what the person did: focus on a drop-down is no step (the engine does not focus drop-downs).
    assert "focus: title" not in text, f"the recording has no-op focus steps:\n{text}"
    run = subprocess.run([str(LIVERY), "run", brand, str(saved), "--no-colour"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, (f"`livery run {brand} {saved}` exited {run.returncode}:\n{run.stdout}{run.stderr}"
                                 f"\nthe file:\n{text}")
    assert "1 passed, 0 failed" in run.stdout, run.stdout
    return page


RAW_SOCKET = r"""
const [brand, messages, done] = arguments;
const answers = [];
let opened = false;
const socket = new WebSocket('ws://' + location.host + '/ws?brand=' + encodeURIComponent(brand));
const finish = result => { try { socket.close(); } catch (e) {} done(result); };
socket.onopen = () => { opened = true; for (const m of messages) socket.send(m); };
socket.onmessage = event => {
  const message = JSON.parse(event.data);
  answers.push(message.type === 'error' ? { error: message.message } : { screen: message.screen.join.focus || null });
  if (answers.filter(a => a.error).length === messages.length - 1 && answers.length && answers[answers.length - 1].screen === 'email')
    finish({ opened, answers });
};
socket.onclose = () => finish({ opened, answers, closed: true });
"""


def test_bad_messages(driver, server):
    brand = "neds"
    page = Page(driver, server, brand)
    before = page.settled("the page's first screen")
    # A second raw socket (a new session) sends two bad messages, then a good one.
    result = page.d.execute_async_script(RAW_SOCKET, brand, [
        "not json", json.dumps({"type": "focs", "input": "email"}), json.dumps({"type": "focus", "input": "email"})])
    errors = [answer["error"] for answer in result["answers"] if "error" in answer]
    assert result["opened"] and not result.get("closed"), f"the socket: {result}"
    assert len(errors) == 2, f"expected two error answers: {result}"
    assert "not a JSON object" in errors[0], errors[0]
    assert "unknown message type 'focs'" in errors[1] and "did you mean 'focus'?" in errors[1], errors[1]
    # The socket stays usable after errors: the good message was applied (its screen has focus on email).
    assert result["answers"][-1] == {"screen": "email"}, result
    # The page's own session was not touched.
    assert page.engine() == before, "the page's session changed"

    # A bad value from the page's own panel is shown in #status and changes nothing.
    page.element("#balance").clear()
    page.element("#balance").send_keys("12,50")
    page.click("#sign-in")
    page.wait(lambda: page.text("#status"), "the error in #status")
    assert page.text("#status") == "balance must be an amount such as 125.50, not '12,50'", page.text("#status")
    assert "error" in page.element("#status").get_attribute("class")
    assert not page.engine()["appBar"]["signedIn"]
    # Corrected, the sign-in works and the error goes.
    page.element("#balance").clear()
    page.element("#balance").send_keys("12.50")
    page.click("#sign-in")
    page.wait(lambda: page.screen()["appBar"]["signedIn"], "signed in")
    page.wait(lambda: not page.text("#status"), "the old error to go once the person acts again")

    # A socket for an unknown brand is refused (the browser logs the refused handshake).
    page.expected_console.append("/ws?brand=nope")
    refused = page.d.execute_async_script(r"""
        const done = arguments[0];
        const socket = new WebSocket('ws://' + location.host + '/ws?brand=nope');
        socket.onopen = () => { socket.close(); done('opened'); };
        socket.onclose = () => done('closed');
    """)
    assert refused == "closed", f"a socket for brand 'nope' was {refused}"
    return page


def test_unknown_brand(driver, server):
    brands = [brand["id"] for brand in server.json("/api/brands")]
    status, body = server.get("/brand/nope")
    assert status == 404, f"/brand/nope answered {status}"
    assert body.startswith("unknown brand 'nope'"), body
    for brand in brands:
        assert brand in body, f"the 404 does not list {brand}: {body}"
    driver.get(f"{server.base}/brand/nope")
    shown = driver.find_element(By.TAG_NAME, "body").text
    assert shown == body.strip(), f"the browser shows {shown!r}"
    assert body.count("betcha") == 1, f"the 404 lists the brands more than once: {body}"


def test_foreign_origin(driver, server):
    """A page of another site (another loopback port) cannot open the preview's socket; the preview's own page can."""
    page = ("<!doctype html><title>elsewhere</title><script>window.outcome = 'pending';"
            f"const socket = new WebSocket('ws://127.0.0.1:{server.base.rsplit(':', 1)[1]}/ws?brand=neds');"
            "socket.onopen = () => { window.outcome = 'opened'; };"
            "socket.onclose = () => { if (window.outcome === 'pending') window.outcome = 'refused'; };</script>")

    class Elsewhere(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 — the library's name
            body = page.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *_):
            pass

    other = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Elsewhere)
    thread = threading.Thread(target=other.serve_forever, daemon=True)
    thread.start()
    try:
        driver.get("about:blank")
        driver.get_log("browser")
        driver.get(f"http://127.0.0.1:{other.server_address[1]}/")
        WebDriverWait(driver, TIMEOUT, poll_frequency=POLL).until(
            lambda d: d.execute_script("return window.outcome") != "pending")
        outcome = driver.execute_script("return window.outcome")
        assert outcome == "refused", f"a page of another origin got its socket: {outcome}"
        driver.get_log("browser")  # the refused handshake is logged by the browser, on purpose
    finally:
        other.shutdown()
        other.server_close()
    own = Page(driver, server, "neds")
    assert own.screen()["brand"] == "neds"
    return own


def test_latency(driver, server, rounds=3):
    """Types page 1 of a fresh form `rounds` times; the budget holds for the median round's p95,
    so one burst of load on a shared machine does not decide the figure."""
    brand = "neds"
    person = dict(PEOPLE[brand], firstName="Alexandra", lastName="Citizen-Smith",
                  email="alexandra.citizen-smith@example.com")
    typed = sum(len(person[name]) for name in ("firstName", "lastName", "dateOfBirth", "email", "mobile"))
    assert typed >= 50, typed
    round_p95s = []
    for number in range(1, rounds + 1):
        page = Page(driver, server, brand)
        page.js(TIMELINE)
        fill_details(page, person, check_bad_email=False)
        compare(page, f"{brand}: page 1 typed for the latency test, round {number}")
        samples = page.latencies()
        assert len(samples) >= 45, f"only {len(samples)} samples for {typed} characters"
        LATENCIES[f"latency test {number}"] = samples
        p50, p95 = percentile(samples, 50), percentile(samples, 95)
        round_p95s.append(p95)
        print(f"      round {number}: {len(samples)} keystrokes ({typed} characters): "
              f"p50 {p50:.1f} ms, p95 {p95:.1f} ms, max {max(samples):.1f} ms")
        socket, drawing = breakdown(page.js("return window.liveryTimeline"))
        if socket and drawing:
            print(f"        of which socket and server (message sent to screen received): p50 {percentile(socket, 50):.1f} ms, "
                  f"p95 {percentile(socket, 95):.1f} ms; page (parse and draw): p50 {percentile(drawing, 50):.1f} ms, "
                  f"p95 {percentile(drawing, 95):.1f} ms")
    pooled = [sample for samples in LATENCIES.values() for sample in samples]
    print(f"      every keystroke of the run: {len(pooled)} samples, p50 {percentile(pooled, 50):.1f} ms, "
          f"p95 {percentile(pooled, 95):.1f} ms")
    median_p95 = sorted(round_p95s)[len(round_p95s) // 2]
    limit = LATENCY_BUDGET_MS if RELEASE else DEBUG_LATENCY_LIMIT_MS
    verdict = "within" if median_p95 <= LATENCY_BUDGET_MS else "over"
    print(f"      median round's p95 {median_p95:.1f} ms: {verdict} the {LATENCY_BUDGET_MS} ms budget "
          f"({'release' if RELEASE else f'debug server; this run fails only over {limit} ms'})")
    assert median_p95 <= limit, (f"the median round's p95 is {median_p95:.1f} ms, over {limit} ms "
                                 f"(rounds: {', '.join(f'{p:.1f}' for p in round_p95s)} ms)")
    return page


# Notes when each message is sent, each screen arrives (JSON.parse is the first thing the page does
# with it) and each is drawn: where a keystroke's time goes.
TIMELINE = r"""
window.liveryTimeline = [];
const note = (...entry) => window.liveryTimeline.push(entry);
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (message) { note('sent', performance.now()); return send.call(this, message); };
const parse = JSON.parse;
JSON.parse = function (text) { note('received', performance.now()); return parse(text); };
const render = window.render;
window.render = screen => { render(screen); note('drawn', performance.now()); };
"""


def breakdown(timeline):
    """(socket and server times, page times) in ms for each message answered by a drawn screen."""
    socket, drawing = [], []
    for index, (kind, at) in enumerate(timeline):
        if kind != "sent" or index + 2 >= len(timeline):
            continue
        (received, received_at), (drawn, drawn_at) = timeline[index + 1], timeline[index + 2]
        if received == "received" and drawn == "drawn":
            socket.append(received_at - at)
            drawing.append(drawn_at - received_at)
    return socket, drawing


def percentile(samples, p):
    ordered = sorted(samples)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


# MARK: Running

class StaticPage:
    """A page opened from a file, for the helpers that only run scripts in it (axe)."""

    def __init__(self, driver):
        self.d = driver

    def js(self, script, *arguments):
        return self.d.execute_script(script, *arguments)


def test_gallery(driver):
    """`livery gallery` for one brand at one size: the page opens from its folder with no network, has no axe-core
    violation, every filter and picture is reached by Tab, a filter chosen by keyboard hides what it leaves out,
    and every picture it links to exists. LIVERY_GALLERY_OUT keeps the gallery in that folder (CI keeps it with
    its JUnit reports)."""
    kept = os.environ.get("LIVERY_GALLERY_OUT")
    out = Path(kept).resolve() if kept else Path(tempfile.mkdtemp(prefix="livery-gallery-test-")) / "gallery"
    try:
        run = subprocess.run([str(SERVER), "gallery", "--brands", "neds", "--sizes", "390x844", "--out", str(out),
                              "--no-colour"], capture_output=True, text=True, timeout=600)
        assert run.returncode == 0, f"livery gallery failed ({run.returncode}): {run.stderr[-600:]}"
        index = out / "index.html"
        assert "https://" not in index.read_text(encoding="utf-8"), "the page needs nothing from the network"
        driver.set_window_size(1280, 900)
        driver.get(index.as_uri())
        page = StaticPage(driver)
        violations = axe_violations(page)
        assert not violations, f"gallery: axe-core violations: {json.dumps(violations, indent=1)}"
        links = page.js("return [...document.querySelectorAll('a[data-size]')].map(a => a.getAttribute('href'))")
        assert len(links) > 10, f"the gallery shows {len(links)} pictures"
        missing = [link for link in links if not (out / link).is_file()]
        assert not missing, f"pictures the page links to are missing: {missing[:5]}"
        reached = []
        for _ in range(8):
            driver.switch_to.active_element.send_keys(Keys.TAB)
            reached.append(page.js("const e = document.activeElement; return e.id || e.tagName.toLowerCase()"))
        assert reached[:3] == ["brand", "page", "size"], f"Tab reaches {reached}"
        assert "a" in reached[3:], f"Tab reaches no picture after the filters: {reached}"
        shown = page.js("return document.getElementById('shown').textContent")
        driver.find_element(By.ID, "page").send_keys("account")
        narrowed = page.js("return document.getElementById('shown').textContent")
        assert narrowed != shown and page.js(
            "return [...document.querySelectorAll('section[data-brand] li')].every(li => li.hidden === (li.dataset.page !== 'account'))"), \
            f"choosing the account page by keyboard: {shown!r} became {narrowed!r}"
        test_gallery_changes(driver, out, kept)
    finally:
        if not kept:
            shutil.rmtree(out.parent, ignore_errors=True)


def test_gallery_changes(driver, earlier, kept):
    """`livery gallery --against` an earlier gallery: the same revision changes no pixel (exit 0 with
    --fail-on-change 0; in CI its JUnit report is kept beside the gallery), and a new primary colour in a brand
    file lists the changed screens before and after with their difference, passes axe, and exits 1."""
    work = Path(tempfile.mkdtemp(prefix="livery-gallery-changes-"))
    try:
        report = (earlier.parent / "gallery-pixels.xml") if kept else work / "same.xml"
        same = subprocess.run([str(SERVER), "gallery", "--brands", "neds", "--sizes", "390x844", "--out",
                               str(work / "same"), "--against", str(earlier), "--fail-on-change", "0",
                               "--junit", str(report), "--no-colour"], capture_output=True, text=True, timeout=600)
        assert same.returncode == 0, f"the same revision drew other pixels ({same.returncode}): {same.stdout[-600:]}{same.stderr[-600:]}"
        assert "<failure" not in report.read_text(encoding="utf-8") and "<testcase" in report.read_text(encoding="utf-8")
        brand = work / "Neds"
        shutil.copytree(ROOT / "Brands" / "Neds" / "Plugin", brand)
        text = (brand / "brand.json").read_text(encoding="utf-8")
        recoloured = re.sub(r'"primary": "#[0-9a-fA-F]{6}"', '"primary": "#6a1b9a"', text, count=1)
        assert recoloured != text, "the brand file names a primary colour"
        (brand / "brand.json").write_text(recoloured, encoding="utf-8")
        changed = subprocess.run([str(SERVER), "gallery", "--brands", "neds", "--sizes", "390x844", "--out",
                                  str(work / "changed"), "--brand-file", str(brand / "brand.json"), "--against",
                                  str(earlier), "--fail-on-change", "0", "--junit", str(work / "changed.xml"),
                                  "--no-colour"], capture_output=True, text=True, timeout=600)
        assert changed.returncode == 1, f"a new colour is a change ({changed.returncode}): {changed.stderr[-600:]}"
        assert "<failure" in (work / "changed.xml").read_text(encoding="utf-8")
        driver.get((work / "changed" / "index.html").as_uri())
        page = StaticPage(driver)
        violations = axe_violations(page)
        assert not violations, f"gallery changes: axe-core violations: {json.dumps(violations, indent=1)}"
        trios = page.js("return [...document.querySelectorAll('#changes .trio')].map(t => "
                        "[...t.querySelectorAll('a')].map(a => a.getAttribute('href')))")
        assert trios and all(len(trio) == 3 for trio in trios), f"each change shows before, after and the difference: {trios[:3]}"
        missing = [link for trio in trios for link in trio if not (work / "changed" / link).is_file()]
        assert not missing, f"pictures of the changes are missing: {missing[:5]}"
        shares = page.js("return [...document.querySelectorAll('#changes .trio p')].map(p => parseFloat(p.textContent))")
        assert shares == sorted(shares, reverse=True) and shares[0] > 0, f"most changed first: {shares[:5]}"
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    started = time.monotonic()
    for old in SHOTS.glob("failed-*.png"):  # pictures of an earlier run's failures
        old.unlink()
    folder = tempfile.mkdtemp(prefix="livery-preview-test-")
    server = PreviewServer(folder)
    driver = start_browser()
    brands = [brand["id"] for brand in server.json("/api/brands")]
    assert set(brands) == set(PEOPLE) == set(DECLARED), \
        f"brands {brands}: brand files {sorted(DECLARED)}; this test has people for {sorted(PEOPLE)}"
    tests = []
    for brand in brands:
        tests.append((f"sign-up {brand}", lambda d, b=brand: test_sign_up(d, server, b)))
    for brand in brands:
        tests.append((f"app bar {brand}", lambda d, b=brand: test_app_bar(d, server, b)))
    for brand in brands:
        tests.append((f"accessibility {brand}", lambda d, b=brand: test_accessibility(d, server, b)))
    for brand in brands:
        tests.append((f"reflow {brand}", lambda d, b=brand: test_reflow(d, server, b)))
    for brand in brands:
        tests.append((f"brand look {brand}", lambda d, b=brand: test_brand_look(d, server, b)))
    for brand in ("neds", "tabnz"):
        tests.append((f"keyboard sign-up {brand}", lambda d, b=brand: test_keyboard_sign_up(d, server, b)))
    tests.append(("restart mid-journey", lambda d: test_restart(d, folder)))
    tests.append(("brand studio", lambda d: test_studio(d)))
    for brand in brands:
        tests.append((f"alert focus {brand}", lambda d, b=brand: test_alert_focus(d, server, b)))
    for brand in brands:
        tests.append((f"axe {brand}", lambda d, b=brand: test_axe(d, server, b)))
    for brand in ("ladbrokes", "tabnz"):
        tests.append((f"recorder {brand}", lambda d, b=brand: test_recorder(d, server, b, folder)))
    tests.append(("bad messages", lambda d: test_bad_messages(d, server)))
    tests.append(("unknown brand", lambda d: test_unknown_brand(d, server)))
    tests.append(("another site's page", lambda d: test_foreign_origin(d, server)))
    tests.append(("keystroke latency", lambda d: test_latency(d, server)))
    tests.append(("gallery", lambda d: test_gallery(d)))

    wanted = [word for word in sys.argv[1:] if word != "--release"]   # words picking tests by name; every test when none
    tests = [(name, test) for name, test in tests if not wanted or any(word in name for word in wanted)]
    assert tests, f"no test's name contains any of {wanted}"
    passed = failed = 0
    try:
        for name, test in tests:
            began = time.monotonic()
            try:
                page = test(driver)
                if isinstance(page, Page):
                    errors = page.console_errors()
                    assert not errors, f"JavaScript errors: {errors}"
                passed += 1
                print(f"PASS  {name} ({time.monotonic() - began:.1f} s)", flush=True)
            except Exception as error:  # noqa: BLE001 — one failing test must not stop the others
                failed += 1
                detail = str(error) if isinstance(error, AssertionError) else traceback.format_exc(limit=3)
                print(f"FAIL  {name} ({time.monotonic() - began:.1f} s): {detail}", flush=True)
                try:
                    SHOTS.mkdir(parents=True, exist_ok=True)
                    driver.save_screenshot(str(SHOTS / f"failed-{name.replace(' ', '-')}.png"))
                    driver.title  # noqa: B018 — is the browser still there?
                except WebDriverException:
                    driver.quit()
                    driver = start_browser()
    finally:
        driver.quit()
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)
    everything = [sample for samples in LATENCIES.values() for sample in samples]
    if everything:
        print(f"keystroke to repaint, all tests: {len(everything)} samples, p50 {percentile(everything, 50):.1f} ms, "
              f"p95 {percentile(everything, 95):.1f} ms; screenshots in {SHOTS.relative_to(ROOT)}/; "
              f"{time.monotonic() - started:.0f} s in all")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
