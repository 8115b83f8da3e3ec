#!/usr/bin/env python3
"""The store inspector in a real browser (issue 36): orders-service with its inspector on
loopback, actions sent over HTTP, and the page driven by headless Chromium through Selenium.

Checks, with a screenshot of each step in the output folder:
  1. the token is required (the page without it is refused with 401);
  2. the log lists the actions in order, with their outcomes (reduced, refused, dropped);
  3. clicking an action shows the state after it and its diff;
  4. jumping back shows the old state, and the service's GET /state agrees;
  5. skipping an action recomputes the later states (and the present, after returning);
  6. a request from another origin is refused (from the browser and from a plain client).

Usage: inspector_browser_test.py BINARY OUTPUT_FOLDER
Exits non-zero on the first failed check; stops the service in every case.
"""
import json
import os
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
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

BINARY, OUTPUT = sys.argv[1], sys.argv[2]
os.makedirs(OUTPUT, exist_ok=True)
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


def start_service():
    data = tempfile.mkdtemp(prefix="orders-inspector-")
    process = subprocess.Popen(
        [BINARY, "--port", "0", "--inspector-port", "0", "--effects", "off", "--data-dir", data],
        stdout=subprocess.PIPE, stderr=sys.stderr, text=True)
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


def browser():
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


def shot(driver, name):
    path = os.path.join(OUTPUT, name + ".png")
    driver.save_screenshot(path)
    print(f"   screenshot {path}", flush=True)


def main():
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

        driver = browser()
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
        print(f"{checks} passed, 0 failed", flush=True)
    except Exception as error:
        print(f"not ok - {error}", flush=True)
        if driver is not None:
            shot(driver, "failure")
        print(f"{checks} passed, 1 failed", flush=True)
        return 1
    finally:
        if driver is not None:
            driver.quit()
        stop_service(process)
    return 0


if __name__ == "__main__":
    sys.exit(main())
