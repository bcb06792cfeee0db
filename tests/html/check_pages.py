#!/usr/bin/env python3
"""Opens trncost's HTML pages in headless Chromium and checks what a reader meets.

usage: check_pages.py CHROMIUM WORK_DIR KIND PAGE.html REPORT.json [KIND PAGE.html REPORT.json]...

KIND is estimate, study, plan, reconciliation, diff or studydiff; REPORT.json is the same report as
JSON (schema trncost.report, trncost.study or trncost.reconciliation; for a plan or a diff, which
have no JSON form, its Markdown), from which the charts the page must show are worked out. KIND page with REPORT "-"
checks a page for what every page must be, with no chart asked for.

Each page is laid out at 1280 px (a laptop) and at 390 px (a phone) in one Chromium run
(page_check.js, in sandboxed iframes: no script of the page runs), and fails when

- a text of an SVG lies outside its SVG (cut off) or over another text of it, or an element
  sticks out of the page, or the page scrolls sideways;
- it loads or links anything (script, image, style sheet, frame, a link off the page);
- a chart its report's data calls for is missing, or has fewer bars than the data has rows.

Then one Chromium driven over its DevTools pipe captures each page at its full height, 1280 and
390 px wide (WORK_DIR/NAME-1280.png and NAME-390.png, for whoever changes a writer to look at: not
decoded, the DOM check is the test, the picture is for a person), and runs the same checks on the
page as printed (print media, 700 px: an A4 page between its margins). Python 3 standard library
only.
"""
import base64
import fcntl
import html
import json
import os
import pathlib
import select
import shutil
import subprocess
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
WIDTHS = (1280, 390)
PRINT_WIDTH = 700  # an A4 page between its margins, at 96 px an inch


def chromium(binary, profile, url, *flags):
    """Headless Chromium with no network (every host unresolvable) and its own profile."""
    cmd = [binary, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
           "--no-first-run", "--hide-scrollbars", f"--user-data-dir={profile}",
           "--host-resolver-rules=MAP * ~NOTFOUND", *flags, url]
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120,
                          check=False)


class DevTools:
    """Chromium driven over --remote-debugging-pipe (its file descriptors 3 and 4: JSON messages,
    each ended by a NUL byte): one browser for every screenshot, not one per page."""

    def __init__(self, binary, profile, log):
        self.binary, self.profile, self.log = binary, profile, log
        self.next_id, self.buffer = 0, b""

    def __enter__(self):
        to_r, self.to_w = os.pipe()
        self.from_r, from_w = os.pipe()

        # In the child: its end of each pipe as fd 3 (reads) and 4 (writes), kept open (pass_fds).
        def descriptors():
            r, w = fcntl.fcntl(to_r, fcntl.F_DUPFD, 10), fcntl.fcntl(from_w, fcntl.F_DUPFD, 10)
            os.dup2(r, 3)
            os.dup2(w, 4)

        cmd = [self.binary, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
               "--no-first-run", "--hide-scrollbars", f"--user-data-dir={self.profile}",
               "--host-resolver-rules=MAP * ~NOTFOUND", "--remote-debugging-pipe", "about:blank"]
        with open(self.log, "wb") as log:
            self.proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                                         pass_fds=(3, 4), preexec_fn=descriptors)
        os.close(to_r)
        os.close(from_w)
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.call("Page.enable", session=True)
        return self

    def __exit__(self, *exc):
        try:
            self.call("Browser.close")
        except (OSError, RuntimeError):
            pass
        os.close(self.to_w)
        os.close(self.from_r)
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()

    def message(self, deadline):
        while b"\0" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.from_r], [], [], left)[0]:
                raise RuntimeError("chromium did not answer in time")
            chunk = os.read(self.from_r, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed its DevTools pipe")
            self.buffer += chunk
        text, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(text)

    def call(self, method, params=None, session=False, until_event=None):
        """Sends a command, returns its result (after the event `until_event`, when named)."""
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = self.session
        os.write(self.to_w, json.dumps(msg).encode() + b"\0")
        deadline, result, seen = time.monotonic() + 60, None, until_event is None
        while result is None or not seen:
            m = self.message(deadline)
            if m.get("id") == self.next_id:
                if "error" in m:
                    raise RuntimeError(f"{method}: {m['error'].get('message')}")
                result = m.get("result", {})
            elif m.get("method") == until_event:
                seen = True
        return result

    def evaluate(self, expression):
        """The value of a JavaScript expression in the page."""
        r = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True},
                      session=True)
        if "exceptionDetails" in r:
            raise RuntimeError(f"the check did not run: {r['exceptionDetails'].get('text')}")
        return r["result"]["value"]

    def printed(self, width):
        """page_check.js on the page as printed (print media), `width` px wide: its problems."""
        self.call("Emulation.setDeviceMetricsOverride", {"width": width, "height": 900,
                                                         "deviceScaleFactor": 1, "mobile": False},
                  session=True)
        self.call("Emulation.setEmulatedMedia", {"media": "print"}, session=True)
        try:
            return self.evaluate((HERE / "page_check.js").read_text() +
                                 "\npageCheck({contentDocument: document, contentWindow: window, "
                                 "dataset: {page: 'printed'}}).problems")
        finally:
            self.call("Emulation.setEmulatedMedia", {"media": ""}, session=True)

    def screenshot(self, url, width):
        """The page at `url`, `width` px wide, at its full height, as PNG bytes."""
        self.call("Emulation.setDeviceMetricsOverride", {"width": width, "height": 900,
                                                         "deviceScaleFactor": 1,
                                                         "mobile": width < 600}, session=True)
        self.call("Page.navigate", {"url": url}, session=True, until_event="Page.loadEventFired")
        size = self.call("Page.getLayoutMetrics", session=True)["cssContentSize"]
        height = max(1, min(int(size["height"] + 0.5), 16000))
        shot = self.call("Page.captureScreenshot",
                         {"format": "png", "captureBeyondViewport": True,
                          "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}},
                         session=True)
        data = base64.b64decode(shot["data"])
        if data[:8] != b"\x89PNG\r\n\x1a\n":
            raise RuntimeError(f"{url}: the screenshot is not a PNG")
        return data


def harness(pages):
    """One page holding every page to check, once per width, and the check."""
    h = ["<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head><body>"]
    for name, text in pages:
        for width in WIDTHS:
            h.append(f"<iframe class=\"page\" data-page=\"{html.escape(name)}\" sandbox=\"allow-same-origin\" "
                     f"style=\"width:{width}px;height:900px;border:0;display:block\" "
                     f"srcdoc=\"{html.escape(text, quote=True)}\"></iframe>")
    h.append("<script>" + (HERE / "page_check.js").read_text() + "</script></body></html>")
    return "".join(h)


def estimate_charts(report):
    """The charts an estimate's report calls for: (chart id, element.class, at least that many)."""
    need = [("chart-category", "rect.bar", len(report["totals"]["by_category"])),
            ("chart-phase", "rect.bar", len(report["totals"].get("by_phase", {})) + 2)]
    analysis = report.get("analysis") or {}
    if analysis.get("tornado"):
        need.append(("chart-tornado", "rect.tornado-bar", 1))
    if analysis.get("comparison"):
        need.append(("chart-comparison", "rect.option-ranked", 0))
    if report.get("credits"):
        need.append(("chart-burndown", "polyline.burn-balance", 1))
    return need


def markdown_rows(text, heading):
    """The rows of the table under `## heading` of a Markdown report (header and rule left out)."""
    rows, inside = [], False
    for line in text.splitlines():
        if line.startswith("## "):
            inside = line[3:].strip() == heading
        elif inside and line.startswith("| ") and not line.startswith("|---"):
            rows.append(line)
    return rows[1:]


def markdown_table(text, heading):
    """The rows of the table under the Markdown heading `heading` (any level; header and rule
    left out)."""
    rows, inside = [], False
    for line in text.splitlines():
        if line.startswith("#"):
            inside = line.lstrip("#").strip() == heading
        elif inside and line.startswith("| ") and not line.startswith("|---"):
            rows.append(line)
    return rows[1:]


def expected(kind, report):
    """What the report's data calls for: charts (id, element.class, at least) and section ids."""
    need, sections = [], []
    if kind == "estimate":
        need = estimate_charts(report)
        analysis = report.get("analysis") or {}
        if analysis.get("decision"):
            sections.append("decision")
        if analysis.get("scenarios"):
            sections.append("scenarios")
        if analysis.get("monte_carlo"):
            sections.append("monte-carlo")
        sections += ["status", "charts", "totals", "lines", "sources"]
    elif kind == "reconciliation":
        rows = [r for r in report["rows"]
                if not (float(r["billed"]) == 0 and float(r["estimated"]) == 0)]
        need.append(("reconcile-chart", "rect.recon-estimated", len(rows)))
        need.append(("reconcile-chart", "rect.recon-billed", len(rows)))
        sections += ["totals", "rows"]
    elif kind == "study":
        # Each option's own tornado and burn-down (a study page repeats those ids, one per option:
        # page_check.js numbers the copies id~2, id~3...), and the comparison of the options.
        # With credits, its burn-down (a dashed line per grant when it has several) and its credits
        # beside its cash per period of the schedule and of the projection.
        copies, periods = {}, []
        for i, option in enumerate(report.get("options", [])):
            sections.append(f"option-{i}")
            analysis = option["report"].get("analysis") or {}
            if analysis.get("tornado"):
                copies["chart-tornado"] = copies.get("chart-tornado", 0) + 1
            credits = option["report"].get("credits")
            if credits:
                copies["chart-burndown"] = copies.get("chart-burndown", 0) + 1
                n = len(credits["periods"]) + len((credits.get("projection") or {}).get("periods", []))
                grants = len(credits["grants"])
                periods.append((n, grants if grants > 1 else 0))
        for chart, n in copies.items():
            for k in range(1, n + 1):
                need.append((chart if k == 1 else f"{chart}~{k}", "rect.bar", 1))
        for k, (n, grants) in enumerate(periods, start=1):
            suffix = "" if k == 1 else f"~{k}"
            need += [(f"chart-periods{suffix}", "rect.period-credits", n),
                     (f"chart-periods{suffix}", "rect.period-cash", n),
                     (f"chart-burndown{suffix}", "polyline.burn-grant", grants)]
        analysis = report.get("analysis") or {}
        if analysis.get("comparison"):
            need.append(("chart-comparison", "rect.bar", 0))
            sections.append("comparison")
        if analysis.get("cash_ranking"):
            # Each ranked option's credits beside its cash.
            ranked = len(analysis["cash_ranking"]["ranked"])
            need += [("chart-cash", "rect.cash-credits", ranked), ("chart-cash", "rect.cash-paid", ranked)]
            sections.append("cash-ranking")
    elif kind == "plan":
        # The plan's Markdown (it has no JSON form): a pair of bars per month and per workload of
        # its tables, the burn-down when it has grants.
        months = len(markdown_rows(report, "By month"))
        workloads = len(markdown_rows(report, "Workloads"))
        services = len(markdown_rows(report, "By service"))
        need += [("chart-months", "rect.plan-credits", months), ("chart-months", "rect.plan-cash", months),
                 ("chart-workloads", "rect.plan-credits", workloads),
                 ("chart-workloads", "rect.plan-cash", workloads),
                 ("chart-services", "rect.plan-credits", services),
                 ("chart-services", "rect.plan-cash", services)]
        if markdown_rows(report, "Grants"):
            need.append(("chart-burndown", "polyline.burn-balance", 1))
        sections += ["charts", "workloads", "months", "services"]
    elif kind == "diff":
        # The diff's Markdown (it has no JSON form): a bar before and one after per line that
        # moved, and each of its tables.
        moved = len(markdown_table(report, "Lines that moved"))
        if moved:
            need += [("chart-lines", "rect.diff-before", moved), ("chart-lines", "rect.diff-after", moved)]
            sections += ["charts", "lines"]
        if markdown_table(report, "Why the total moved"):
            sections.append("attribution")
        if markdown_table(report, "Inputs that changed"):
            sections.append("inputs")
        sections.append("totals")
    elif kind == "studydiff":
        # Two studies' Markdown: an option's part under each "#### " heading, in the page's order
        # of options; a part that compares both sides has its own totals, chart and tables, its
        # ids ending in "-N".
        parts, current = [], None
        for line in report.splitlines():
            if line.startswith("#### "):
                current = [line]
                parts.append(current)
            elif current is not None:
                current.append(line)
        for i, part in enumerate(parts):
            sections.append(f"option-{i}")
            if ": only in " in part[0]:
                continue
            text = "\n".join(part)
            sections.append(f"totals-{i}")
            moved = len(markdown_table(text, "Lines that moved"))
            if moved:
                need += [(f"chart-lines-{i}", "rect.diff-before", moved),
                         (f"chart-lines-{i}", "rect.diff-after", moved)]
                sections += [f"charts-{i}", f"lines-{i}"]
            if markdown_table(text, "Why the total moved"):
                sections.append(f"attribution-{i}")
            if markdown_table(text, "Inputs that changed"):
                sections.append(f"inputs-{i}")
    return need, sections


def check(binary, work, specs):
    pages, reports = [], {}
    problems = []
    for kind, page, report in specs:
        name = pathlib.Path(page).stem
        text = pathlib.Path(page).read_text(encoding="utf-8")
        pages.append((name, text))
        text_of_report = "" if report == "-" else pathlib.Path(report).read_text(encoding="utf-8")
        reports[name] = (kind, text_of_report if kind in ("plan", "diff", "studydiff", "page")
                         else json.loads(text_of_report))
    (work / "pages.html").write_text(harness(pages), encoding="utf-8")
    started = time.monotonic()
    run = chromium(binary, work / "profile", (work / "pages.html").as_uri(), "--window-size=1400,900",
                   "--dump-dom")
    (work / "chromium-dom.log").write_bytes(run.stderr)
    dom = run.stdout.decode("utf-8", "replace")
    start = dom.find("<pre id=\"trncost-page-check\">")
    if run.returncode != 0 or start < 0:
        sys.exit(f"FAIL: chromium gave no verdict (exit {run.returncode}; log {work / 'chromium-dom.log'})")
    body = dom[start + len("<pre id=\"trncost-page-check\">"):dom.index("</pre>", start)]
    verdicts = json.loads(html.unescape(body))
    for v in verdicts:
        name, width = v["page"], v["width"]
        kind, report = reports[name]
        for p in v["problems"]:
            problems.append(f"{name} at {width} px: {p}")
        need, sections = expected(kind, report)
        for chart in dict.fromkeys(c for c, _, _ in need):
            if chart not in v["charts"]:
                problems.append(f"{name} at {width} px: no chart {chart}, which its report calls for")
        for chart, element, at_least in need:
            found = v["charts"].get(chart, {}).get(element, 0)
            if chart in v["charts"] and found < at_least:
                problems.append(f"{name} at {width} px: chart {chart} has {found} {element}, its "
                                f"report calls for {at_least}")
        for s in sections:
            if s not in v["sections"]:
                problems.append(f"{name} at {width} px: no section or table #{s}, which its report calls for")
        print(f"checked: {name} ({kind}) at {width} px: {len(v['charts'])} chart(s), "
              f"{len(v['problems'])} problem(s)")
    print(f"the DOM of {len(pages)} page(s) at {len(WIDTHS)} widths checked in "
          f"{time.monotonic() - started:.1f} s")
    started = time.monotonic()

    # The screenshots: one Chromium driven over its DevTools pipe, each page at its full height,
    # at 1280 px and at 390 px (a phone: the page's own viewport rule applies).
    try:
        with DevTools(binary, work / "profile-shots", work / "chromium-shots.log") as tools:
            for name, _ in pages:
                for width in WIDTHS:
                    shot = work / f"{name}-{width}.png"
                    shot.write_bytes(tools.screenshot((work / f"{name}.html").as_uri(), width))
                    print(f"screenshot: {shot}")
                # Printed: an A4 page's 700 px between its margins, print media.
                for p in tools.printed(PRINT_WIDTH):
                    problems.append(f"{name} printed ({PRINT_WIDTH} px): {p}")
    except (OSError, RuntimeError, subprocess.TimeoutExpired) as e:
        problems.append(f"no screenshots: {e} (log {work / 'chromium-shots.log'})")
    print(f"{len(pages) * len(WIDTHS)} screenshot(s) in {time.monotonic() - started:.1f} s")
    return problems


def main(argv):
    if len(argv) < 6 or (len(argv) - 3) % 3 != 0:
        sys.exit(__doc__)
    binary, work = argv[1], pathlib.Path(argv[2]).resolve()
    work.mkdir(parents=True, exist_ok=True)
    specs = [tuple(argv[i:i + 3]) for i in range(3, len(argv), 3)]
    for kind, page, _ in specs:
        if kind not in ("estimate", "study", "plan", "reconciliation", "diff", "studydiff", "page"):
            sys.exit(f"unknown kind {kind!r}: estimate, study, plan, reconciliation, diff, studydiff "
                     "or page")
        # The screenshot opens a copy next to the harness, so the page's own folder is not needed.
        target = work / (pathlib.Path(page).stem + ".html")
        if pathlib.Path(page).resolve() != target:
            target.write_bytes(pathlib.Path(page).read_bytes())
    problems = check(binary, work, specs)
    for profile in ("profile", "profile-shots"):  # Chromium's own files: nothing to look at
        shutil.rmtree(work / profile, ignore_errors=True)
    for p in problems:
        print("FAIL: " + p, file=sys.stderr)
    if problems:
        print(f"{len(problems)} problem(s) on {len(specs)} page(s); screenshots in {work}", file=sys.stderr)
        return 1
    print(f"{len(specs)} page(s) checked at {' and '.join(map(str, WIDTHS))} px; screenshots in {work}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
