#!/usr/bin/env python3
"""The store inspector in a real browser (issue 36): orders-service with its inspector on
loopback, actions sent over HTTP, and the page driven by headless Chromium through Selenium.

Checks, with a screenshot of each step in the output folder:
  1. the token is required (the page without it is refused with 401);
  2. the log lists the actions in order, with their outcomes (reduced, refused, dropped);
  3. clicking an action shows the state after it and its diff;
  4. jumping back shows the old state, and the service's GET /state agrees;
  5. skipping an action recomputes the later states (and the present, after returning);
  6. a request from another origin is refused (from the browser and from a plain client);
  7. the effects timeline: a submit's payment effect, when it finished and what it sent back,
     and the lane view (a service with its payments on);
  8. a history bounded in bytes drops the oldest actions and the page says so, and a page that
     was stuck while actions were recorded and dropped says it missed them;
  9. 100,000 recorded actions: the virtualised list renders the rows at any scroll position
     within a bound, and the page stays responsive (its frames keep coming).
With BROWSERS=chromium,firefox and GECKODRIVER=/path/to/geckodriver (Debian packages
firefox-esr but not geckodriver, so CI runs Chromium only), steps 7 to 9 run in Firefox too.

Usage: inspector_browser_test.py BINARY OUTPUT_FOLDER
Exits non-zero on the first failed check; stops the services in every case.
"""
import json
import os
import threading
import re
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.firefox.options import Options as FirefoxOptions
from selenium.webdriver.firefox.service import Service as FirefoxService
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

BINARY, OUTPUT = sys.argv[1], sys.argv[2]
os.makedirs(OUTPUT, exist_ok=True)
BROWSERS = [b for b in os.environ.get("BROWSERS", "chromium").split(",") if b]
GECKODRIVER = os.environ.get("GECKODRIVER", "")
# How long the 100,000-action list may take to show the rows of a new scroll position.
SCROLL_BOUND_MS = 3000
checks = 0


def check(condition, what):
    global checks
    if not condition:
        raise AssertionError(what)
    checks += 1
    print(f"ok {checks} - {what}", flush=True)


def http(method, url, body=None, headers=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def start_service(*extra):
    data = tempfile.mkdtemp(prefix="orders-inspector-")
    arguments = [BINARY, "--port", "0", "--inspector-port", "0", "--data-dir", data] + list(extra or ("--effects", "off"))
    process = subprocess.Popen(arguments, stdout=subprocess.PIPE, stderr=sys.stderr, text=True)
    deadline = time.time() + 60
    service = inspector = None
    while time.time() < deadline and (service is None or inspector is None):
        line = process.stdout.readline()
        if not line:
            break
        if line.startswith("listening on "):
            service = line.split()[-1]
        if line.startswith("inspector on "):
            inspector = line.split()[-1]
    if service is None or inspector is None:
        process.kill()
        raise AssertionError("orders-service did not print its addresses")
    return process, service, inspector


def stop_service(process):
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def browser(kind="chromium"):
    if kind == "firefox":
        options = FirefoxOptions()
        options.binary_location = "/usr/bin/firefox-esr"
        options.add_argument("-headless")
        driver = webdriver.Firefox(service=FirefoxService(GECKODRIVER), options=options)
        driver.set_window_size(1400, 900)
        return driver
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,900"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def rows(driver):
    """The log's visible rows, by index: (action, outcome)."""
    found = {}
    for row in driver.find_elements(By.CSS_SELECTOR, "#log .row"):
        index = int(row.get_attribute("data-index"))
        found[index] = (row.find_element(By.CSS_SELECTOR, ".act").text, row.find_element(By.CSS_SELECTOR, ".outcome").text)
    return found


def row_for(driver, action_text):
    """The row of the (last) reduced action whose text starts with action_text."""
    found = None
    for row in driver.find_elements(By.CSS_SELECTOR, "#log .row"):
        if row.find_element(By.CSS_SELECTOR, ".act").text.startswith(action_text) and row.get_attribute("data-kind") == "reduced":
            found = row
    if found is None:
        raise AssertionError(f"no reduced row for {action_text}")
    return found


def select(driver, wait, action_text):
    index = row_for(driver, action_text).get_attribute("data-index")
    row_for(driver, action_text).click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#detail h2")
               and d.find_element(By.CSS_SELECTOR, "#detail h2").text.startswith(f"Action #{index} "))
    return int(index)


def submit_when_catalog_loaded(service, product="tea", quantity=2):
    """Submits once the catalog (loaded by a feedback at start) accepts it."""
    deadline = time.time() + 30
    while True:
        status, body = http("POST", service + "/actions", {"type": "submit", "product": product, "quantity": quantity})
        if status == 202 or time.time() > deadline:
            return status
        time.sleep(0.2)


def status_text(driver):
    return driver.find_element(By.ID, "status").text


def shot(driver, name):
    path = os.path.join(OUTPUT, name + ".png")
    driver.save_screenshot(path)
    print(f"   screenshot {path}", flush=True)


def time_travel_flow(kind, shots):
    """Steps 1-6 (chromium: all of them; another browser: the log, and an action's state and diff)."""
    process, service, inspector = start_service()
    driver = None
    try:
        base, token = inspector.split("/?token=")
        # The catalog loads from its own endpoint at start; submit once it has.
        deadline = time.time() + 30
        while True:
            status, body = http("POST", service + "/actions", {"type": "submit", "product": "tea", "quantity": 2})
            if status == 202 or time.time() > deadline:
                break
            time.sleep(0.2)
        check(status == 202, "submit(tea × 2) is accepted once the catalog is loaded")
        sent = [
            ({"type": "submit", "product": "piano", "quantity": 1}, 202),
            ({"type": "submit", "product": "kale", "quantity": 1}, 422),      # refused by the reducer
            ({"type": "submit", "product": "   ", "quantity": 1}, 422),      # dropped by normalizeProducts
            ({"type": "cancel", "id": 1}, 202),
            ({"type": "submit", "product": "coffee", "quantity": 3}, 202),
        ]
        for body, expected in sent:
            status, _ = http("POST", service + "/actions", body)
            check(status == expected, f"POST /actions {json.dumps(body)} answers {expected}")

        driver = browser(kind)
        wait = WebDriverWait(driver, 15)

        # 1. The token is required.
        driver.get(base + "/")
        check("access token is required" in driver.find_element(By.TAG_NAME, "body").text,
              "the page without the token is refused")
        status, _ = http("GET", base + "/api/status")
        check(status == 401, "the API without the token answers 401")
        shot(driver, "1-token-required")

        # 2. The log, in order, with outcomes.
        driver.get(inspector)
        wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#log .row")) >= 7)
        log = rows(driver)
        indices = sorted(log)
        check(indices == list(range(indices[0], indices[0] + len(indices))), "the log's indices are consecutive")
        actions = [log[i][0] for i in indices]
        outcomes = [log[i][1] for i in indices]
        # Submits sent before the catalog loaded were refused; the catalog feedback's action precedes
        # the first accepted one.
        catalog = next(i for i, action in enumerate(actions) if action.startswith("catalog"))
        check(catalog < len(actions) - 6, "the catalog feedback's action comes before the six sent after it")
        tail = list(zip(actions, outcomes))[-6:]
        expected = [
            ("submit", "reduced", "tea"), ("submit", "reduced", "piano"), ("submit", "refused", "kale"),
            ("submit", "dropped by normalizeProducts", "   "), ("cancel", "reduced", "1"), ("submit", "reduced", "coffee"),
        ]
        for (action, outcome), (kind, want, payload) in zip(tail, expected):
            check(action.startswith(kind) and payload.strip() in action and outcome.startswith(want),
                  f"log row {action!r} has outcome {outcome!r}")
        shot(driver, "2-action-log")

        # 3. Click an action: its state and diff.
        select(driver, wait, "cancel")
        diff = driver.find_element(By.ID, "diff").text
        check('− orders[1].status: "submitted"' in diff and '+ orders[1].status: "cancelled"' in diff,
              "the cancel's diff shows the order's status change")
        check("orders" in driver.find_element(By.ID, "state").text, "the state after it is shown as a tree")
        shot(driver, "3-state-and-diff")

        # 4. Jump back: the old state, and GET /state agrees.
        first_submit = select(driver, wait, "submit {\"product\":\"tea\"")
        driver.find_element(By.ID, "jump").click()
        wait.until(lambda d: "paused at #" in d.find_element(By.ID, "status").text)
        _, body = http("GET", service + "/state")
        state = json.loads(body)
        check(list(state["orders"].keys()) == ["1"] and state["orders"]["1"]["status"] == "submitted",
              f"after jumping to #{first_submit}, GET /state has only order 1, submitted")
        shot(driver, "4-jumped-back")

        # 5. Skip the piano: the later states are recomputed (coffee becomes order 2).
        select(driver, wait, "submit {\"product\":\"piano\"")
        driver.find_element(By.ID, "skip").click()
        wait.until(lambda d: "skipped: #" in d.find_element(By.ID, "status").text)
        select(driver, wait, "submit {\"product\":\"coffee\"")
        diff = driver.find_element(By.ID, "diff").text
        check("+ orders[2]:" in diff and "coffee" in diff and "orders[3]" not in diff,
              "without the piano, the coffee order is recomputed as order 2")
        shot(driver, "5-skipped")
        driver.find_element(By.ID, "present").click()
        wait.until(lambda d: "paused" not in d.find_element(By.ID, "status").text)
        _, body = http("GET", service + "/state")
        state = json.loads(body)
        products = {key: order["product"] for key, order in state["orders"].items()}
        check(products == {"1": "tea", "2": "coffee"}, f"back in the present, GET /state is recomputed: {products}")
        status, _ = http("POST", service + "/actions", {"type": "submit", "product": "cake", "quantity": 1})
        check(status == 202, "the service runs on from the recomputed present")
        shot(driver, "6-present")

        # 6. Another origin is refused: from the service's own page (another port, another origin).
        driver.get(service + "/health")
        result = driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "fetch(arguments[0] + '/api/status?token=' + arguments[1]).then(r => done('status ' + r.status))"
            ".catch(e => done('refused: ' + e.message));", base, token)
        check(result.startswith("refused"), f"a fetch from another origin fails in the browser ({result})")
        status, _ = http("GET", base + "/api/status", headers={"Authorization": "Bearer " + token, "Origin": "http://evil.example"})
        check(status == 403, "a request with another Origin answers 403")
        shot(driver, "7-other-origin")
    except Exception:
        if driver is not None:
            shot(driver, f"failure-{kind}")
        raise
    finally:
        if driver is not None:
            driver.quit()
        stop_service(process)


def effects_and_bounds_flow(kind, shots):
    """Steps 7 and 8: a service with its payments on, and a history bounded to a few kilobytes."""
    process, service, inspector = start_service("--effects", "on", "--inspector-bytes", "20000")
    driver = None
    try:
        check(submit_when_catalog_loaded(service) == 202, f"[{kind}] submit(tea) is accepted")
        deadline = time.time() + 20
        while time.time() < deadline:
            _, body = http("GET", service + "/state")
            if json.loads(body)["orders"].get("1", {}).get("status") == "paid":
                break
            time.sleep(0.1)
        check(json.loads(body)["orders"]["1"]["status"] == "paid", f"[{kind}] the payment feedback paid order 1")
        driver = browser(kind)
        wait = WebDriverWait(driver, 15)
        driver.get(inspector)
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#log .row"))
        wait.until(lambda d: any(r.get_attribute("data-kind") == "reduced" and r.find_element(By.CSS_SELECTOR, ".act").text.startswith("paymentSucceeded")
                                 for r in d.find_elements(By.CSS_SELECTOR, "#log .row")))
        select(driver, wait, 'submit {"product":"tea"')
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#effects .eff"))
        effect = driver.find_element(By.CSS_SELECTOR, "#effects .eff")
        check(effect.get_attribute("data-name").startswith("payment") and effect.get_attribute("data-kind") == "finished",
              f"[{kind}] the submit's effect is its payment, finished ({effect.text!r})")
        check("sent paymentSucceeded" in effect.text, f"[{kind}] the payment's effect sent paymentSucceeded back")
        lane = driver.find_elements(By.CSS_SELECTOR, "#lanes rect.lane-finished")
        check(len(lane) >= 1, f"[{kind}] the lane view draws the finished payment")
        if shots:
            shot(driver, "8-effects")
        # Click the lane: its cause is selected.
        select(driver, wait, "paymentSucceeded")
        driver.find_element(By.CSS_SELECTOR, "#lanes rect.lane-finished").click()
        wait.until(lambda d: "submit" in d.find_element(By.ID, "action").text)
        check(True, f"[{kind}] clicking the payment's lane selects the submit that started it")

        # 8. A stuck page while 400 actions are recorded (more than the history keeps).
        capacity = json.loads(http("GET", inspector.replace("/?token=", "/api/status?token="))[1])["capacity"]
        flood = threading.Thread(target=lambda: [http("POST", service + "/actions", {"type": "submit", "product": "kale", "quantity": 1})
                                                 for _ in range(400)])
        flood.start()
        driver.execute_script("const end = Date.now() + 4000; while (Date.now() < end) {}")  # the page is stuck
        flood.join()
        wait.until(lambda d: "missed" in d.find_element(By.ID, "notice").text)
        notice = driver.find_element(By.ID, "notice").text
        check("oldest action(s) were dropped" in notice and "byte bound" in notice,
              f"[{kind}] the page says the oldest actions were dropped for the byte bound (capacity {capacity}): {notice!r}")
        check(re.search(r"This page missed \d+ action", notice) is not None, f"[{kind}] the page says how many actions it missed")
        if shots:
            shot(driver, "9-dropped-and-missed")
    except Exception:
        if driver is not None:
            shot(driver, f"failure-{kind}")
        raise
    finally:
        if driver is not None:
            driver.quit()
        stop_service(process)


def hundred_thousand_flow(kind, shots):
    """Step 9: 100,000 recorded actions (the service's test hook fills its store at start)."""
    process, service, inspector = start_service("--effects", "off", "--inspector-history", "100000", "--inspector-seed", "100000")
    driver = None
    try:
        driver = browser(kind)
        wait = WebDriverWait(driver, 60)
        driver.get(inspector)
        wait.until(lambda d: status_text(d).startswith("100000 actions"))
        check(True, f"[{kind}] the page shows 100000 actions")
        # Scroll to several places: the rows there are drawn within the bound, frames keep coming.
        script = """
            const [target, bound, done] = arguments;
            const log = document.getElementById('log');
            const start = performance.now();
            let longest = 0, last = start;
            function frame(now) { longest = Math.max(longest, now - last); last = now;
              const rows = [...document.querySelectorAll('#log .row')].map(r => Number(r.dataset.index));
              const shown = rows.filter(i => i >= target && i < target + 20);
              if (shown.length >= 10) { done({ms: performance.now() - start, longest, rows: rows.length}); return; }
              if (performance.now() - start > bound) { done({ms: -1, longest, rows: rows.length}); return; }
              requestAnimationFrame(frame); }
            log.scrollTop = (target - window.__first) * 22;
            requestAnimationFrame(frame);"""
        first = int(json.loads(http("GET", inspector.replace("/?token=", "/api/status?token="))[1])["first"])
        driver.execute_script("window.__first = arguments[0]", first)
        worst = 0
        for target in [first + 50_000, first + 99_970, first + 12_345, first + 77_777, first]:
            result = driver.execute_async_script(script, target, SCROLL_BOUND_MS)
            check(result["ms"] >= 0, f"[{kind}] rows from #{target} drawn after a scroll in {result['ms']:.0f} ms "
                  f"(bound {SCROLL_BOUND_MS} ms; {result['rows']} rows in the document)")
            check(result["rows"] < 200, f"[{kind}] only the rows on screen are in the document ({result['rows']})")
            worst = max(worst, result["longest"])
        print(f"   [{kind}] the longest gap between two frames while scrolling: {worst:.0f} ms", flush=True)
        # Back to a row in the middle (the list is virtualised: only the rows on screen exist).
        middle = first + 77_777
        result = driver.execute_async_script(script, middle, SCROLL_BOUND_MS)
        check(result["ms"] >= 0, f"[{kind}] rows from #{middle} drawn again after scrolling back")
        row = driver.find_element(By.CSS_SELECTOR, f'#log .row[data-index="{middle}"]')
        text = row.find_element(By.CSS_SELECTOR, ".act").text
        check(f'"seed-{middle}"' in text, f"[{kind}] row #{middle} shows its action ({text!r})")
        if shots:
            shot(driver, "10-hundred-thousand")
    except Exception:
        if driver is not None:
            shot(driver, f"failure-{kind}")
        raise
    finally:
        if driver is not None:
            driver.quit()
        stop_service(process)


def main():
    try:
        for kind in BROWSERS:
            shots = kind == "chromium"
            print(f"== {kind}", flush=True)
            if kind == "chromium":
                time_travel_flow(kind, shots)
            effects_and_bounds_flow(kind, shots)
            hundred_thousand_flow(kind, shots)
        print(f"{checks} passed, 0 failed", flush=True)
    except Exception as error:
        print(f"not ok - {error}", flush=True)
        print(f"{checks} passed, 1 failed", flush=True)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
