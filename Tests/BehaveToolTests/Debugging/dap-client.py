"""A Debug Adapter Protocol client for the tests of `behave debug`: it sends what VS Code sends
(the requests of vscode-session.json, in order) and checks what comes back.

    python3 dap-client.py SCENARIO BEHAVE DIRECTORY [CONFIGURATION]

Prints one line per failed check and exits 1 when any failed; 0 when every check held.
"""
import json, os, select, socket, subprocess, sys, time

scenario, behave, directory = sys.argv[1], sys.argv[2], sys.argv[3]
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAILED: " + what, flush=True)


class Client:
    def __init__(self, arguments, port=False):
        self.process = subprocess.Popen(
            [behave, "debug"] + arguments, cwd=directory, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE)
        self.buffer, self.seq, self.seen = b"", 0, []
        if port:
            line = self.process.stderr.readline().decode()
            check("listening on 127.0.0.1:" in line, "the adapter says where it listens: " + line)
            self.socket = socket.create_connection(("127.0.0.1", int(line.rsplit(":", 1)[1])))
            self.write, self.read_bytes = self.socket.sendall, lambda: self.socket.recv(65536)
            self.readable = self.socket
        else:
            self.write = lambda b: (self.process.stdin.write(b), self.process.stdin.flush())
            self.read_bytes = lambda: self.process.stdout.read1(65536)
            self.readable = self.process.stdout

    def raw(self, data):
        self.write(data)

    def send(self, command, arguments=None, seq=None):
        self.seq += 1
        message = {"seq": self.seq if seq is None else seq, "type": "request", "command": command}
        if arguments is not None:
            message["arguments"] = arguments
        body = json.dumps(message).encode()
        self.raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        return message["seq"]

    def next(self, timeout):
        end = time.time() + timeout
        while True:
            if b"\r\n\r\n" in self.buffer:
                header, rest = self.buffer.split(b"\r\n\r\n", 1)
                length = int(header.split(b":")[1])
                if len(rest) >= length:
                    self.buffer = rest[length:]
                    message = json.loads(rest[:length])
                    self.seen.append(message)
                    return message
            ready, _, _ = select.select([self.readable], [], [], max(0, end - time.time()))
            data = self.read_bytes() if ready else b""
            if not data:
                return None
            self.buffer += data

    def until(self, test, what, timeout=30):
        while True:
            message = self.next(timeout)
            if message is None:
                check(False, "no " + what + " came")
                return {}
            if test(message):
                return message

    def event(self, name, timeout=30):
        return self.until(lambda m: m.get("type") == "event" and m.get("event") == name, name + " event", timeout)

    def request(self, command, arguments=None, succeeds=True):
        seq = self.send(command, arguments)
        response = self.until(lambda m: m.get("type") == "response" and m.get("request_seq") == seq, command + " response")
        check(response.get("success") == succeeds, "%s: success is %s: %s" % (command, response.get("success"), response.get("message")))
        return response

    def output(self):
        return "".join(m["body"]["output"] for m in self.seen if m.get("event") == "output")

    def exits(self, within=10):
        try:
            return self.process.wait(within)
        except subprocess.TimeoutExpired:
            check(False, "the adapter did not exit within %d s" % within)
            self.process.kill()
            return None


def recorded(name):
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "vscode-session.json")) as f:
        return json.load(f)[name]


def configure(client, launch, breakpoints, filters, request="launch"):
    """initialize, launch, setBreakpoints, setExceptionBreakpoints, configurationDone: VS Code's order."""
    initialize = client.request("initialize", recorded("initialize"))
    check(initialize.get("body", {}).get("supportsConditionalBreakpoints"), "conditional breakpoints are offered")
    client.event("initialized")
    client.request(request, launch)
    for path, lines in breakpoints.items():
        response = client.request("setBreakpoints", {"source": {"path": os.path.join(directory, path), "name": path}, "breakpoints": lines, "lines": [b["line"] for b in lines], "sourceModified": False})
        check(all(b["verified"] for b in response["body"]["breakpoints"]), "breakpoints verified")
    client.request("setExceptionBreakpoints", {"filters": filters})
    client.request("configurationDone")


def stopped(client, reason, timeout=30):
    stop = client.event("stopped", timeout)
    check(stop.get("body", {}).get("reason") == reason, "stopped for %s, not %s" % (reason, stop.get("body")))
    return stop.get("body", {}).get("threadId", 0)


def frames(client, thread):
    return client.request("stackTrace", {"threadId": thread, "startFrame": 0, "levels": 20})["body"]["stackFrames"]


def variables(client, reference, **paging):
    arguments = {"variablesReference": reference}
    arguments.update(paging)
    return {v["name"]: v for v in client.request("variables", arguments)["body"]["variables"]}


def scope(client, frame, name):
    scopes = client.request("scopes", {"frameId": frame})["body"]["scopes"]
    return next((s["variablesReference"] for s in scopes if s["name"] == name), 0)


def session():
    client = Client([])
    configure(client, {"type": "behave", "request": "launch", "name": "keynote", "program": "debuggee.lua", "fast": True,
                       "events": "votes.jsonl", "__sessionId": "4f1b"}, {"debuggee.lua": [{"line": 10}]}, ["errors"])
    main = stopped(client, "breakpoint")
    names = {t["name"] for t in client.request("threads")["body"]["threads"]}
    check("main" in names, "the main chunk is a thread: %s" % names)
    check(frames(client, main)[0]["line"] == 10, "stopped at line 10")
    started = time.time()
    client.request("next", {"threadId": main})
    check(stopped(client, "step") == main, "the step ends in the main chunk")
    check(time.time() - started < 5, "a step over wait(3600) takes no hour")
    check(frames(client, main)[0]["line"] == 11, "the step ends at line 11")
    check("counted\tS1" in client.output(), "the event's handler ran during the wait")
    client.request("setBreakpoints", {"source": {"path": os.path.join(directory, "debuggee.lua")}, "breakpoints": [
        {"line": 5, "hitCondition": "1"}, {"line": 6, "condition": "train == \"ICE\""}, {"line": 7, "logMessage": "logged {train}"}]})
    client.request("continue", {"threadId": main})
    handler = stopped(client, "breakpoint")
    threads = client.request("threads")["body"]["threads"]
    check(any(t["id"] == handler and t["name"] == "on vote" for t in threads), "the handler's thread is named by its event: %s" % threads)
    check(sum(t["name"] == "on vote" for t in threads) == 2 and any(t["name"] == "main" for t in threads), "a thread per task: %s" % threads)
    top = frames(client, handler)[0]
    check(top["line"] == 5 and top["source"]["path"].endswith("debuggee.lua"), "stopped in the handler at line 5")
    local = variables(client, scope(client, top["id"], "Locals"))
    check("data" in local and local["data"]["variablesReference"] > 0, "the handler's locals hold its event's data")
    check(variables(client, local["data"]["variablesReference"]).get("train", {}).get("value") == "\"RE\"", "data.train is RE")
    main_frames = frames(client, main)
    check(main_frames[0]["name"] == "wait", "the main chunk waits in wait: %s" % main_frames[0])
    task = variables(client, scope(client, main_frames[0]["id"], "Task"))
    check(task.get("waitingIn", {}).get("value") == "wait at debuggee.lua:14", "the main task's wait state: %s" % task)
    chunk = next(f for f in main_frames if f["name"] == "main chunk")
    big = variables(client, scope(client, chunk["id"], "Locals"))["big"]
    check(big["indexedVariables"] == 250, "a table says how many items it has")
    page = variables(client, big["variablesReference"], filter="indexed", start=100, count=50)
    check(list(page)[:1] == ["[101]"] and len(page) == 50 and page["[150]"]["value"] == "150", "a table is read a page at a time")
    hover = client.request("evaluate", {"expression": "data.train", "frameId": top["id"], "context": "hover"})
    check(hover["body"]["result"] == "\"RE\"", "a hover reads a field")
    refused = client.request("evaluate", {"expression": "table.insert(votes, 1)", "frameId": top["id"], "context": "watch"}, succeeds=False)
    check("debug console" in refused.get("message", ""), "a watch runs nothing: %s" % refused.get("message"))
    repl = client.request("evaluate", {"expression": "#votes + 10", "frameId": top["id"], "context": "repl"})
    check(repl["body"]["result"] == "11", "the console evaluates in the frame's sight: %s" % repl["body"])
    client.request("continue", {"threadId": handler})
    stopped(client, "breakpoint")
    check(client.request("evaluate", {"expression": "train", "context": "repl"})["body"]["result"] == "\"ICE\"", "the conditional breakpoint stops only for ICE")
    client.request("continue", {"threadId": handler})
    check(client.event("exited").get("body", {}).get("exitCode") == 0, "the run succeeds")
    client.event("terminated")
    output = client.output()
    check("logged RE\n" in output and "logged ICE\n" in output and "end\t3" in output, "log points write, the run goes on: %r" % output)
    client.request("disconnect", {"restart": False})
    check(client.exits() == 0, "the adapter exits 0")


def limit():
    client = Client([])
    configure(client, {"program": "loop.lua", "time-limit": 1}, {}, ["errors", "limits"])
    thread = stopped(client, "exception")
    stop = [m for m in client.seen if m.get("event") == "stopped"][-1]["body"]
    check("time limit" in stop.get("description", ""), "the stop says which limit: %s" % stop)
    check(frames(client, thread)[0]["line"] == 3, "stopped in the loop")
    n = client.request("evaluate", {"expression": "n", "frameId": frames(client, thread)[0]["id"], "context": "hover"})
    check(int(n["body"]["result"]) > 0, "the loop's counter is read")
    client.request("continue", {"threadId": thread})
    check(client.event("exited").get("body", {}).get("exitCode") == 3, "the limit then stops the run (exit 3)")
    client.request("disconnect")
    client.exits()


def held():
    client = Client([])
    configure(client, {"program": "held.lua", "time-limit": 1, "duration-limit": 1}, {"held.lua": [{"line": 2}]}, [])
    thread = stopped(client, "breakpoint")
    time.sleep(1.5)
    client.request("continue", {"threadId": thread})
    check(client.event("exited").get("body", {}).get("exitCode") == 0, "time stopped is not charged to the limits")
    check("stood still\ttrue" in client.output(), "the clock stands still while stopped: %r" % client.output())
    client.request("disconnect")
    client.exits()


def disconnect():
    client = Client([])
    configure(client, {"program": "forever.lua"}, {"forever.lua": [{"line": 3}]}, [])
    stopped(client, "breakpoint")
    client.request("disconnect", {"terminateDebuggee": True})
    check(client.exits(10) is not None, "a disconnect mid-run ends the run and the adapter")
    client = Client([])
    configure(client, {"program": "forever.lua"}, {"forever.lua": [{"line": 3}]}, [])
    stopped(client, "breakpoint")
    client.process.stdin.close()
    client.process.stdout.close()
    status = client.exits(10)
    check(status is not None and status >= 0, "a client that goes away mid-run ends the run, not by a signal: %s" % status)


def tcp():
    client = Client(["--port", "0", "held.lua"], port=True)
    configure(client, {}, {"held.lua": [{"line": 2}]}, [], request="attach")
    thread = stopped(client, "breakpoint")
    client.request("continue", {"threadId": thread})
    check(client.event("exited").get("body", {}).get("exitCode") == 0, "the run over TCP succeeds")
    client.request("disconnect")
    check(client.exits() == 0, "the adapter exits 0")


def hostile():
    client = Client([])
    client.raw(b"Content-Length: 5\r\n\r\nhello")
    check(client.until(lambda m: m.get("type") == "response", "response")["success"] is False, "invalid JSON gets an error response")
    early = client.request("threads", succeeds=False)
    check("initialize" in early.get("message", ""), "a request before initialize is refused")
    client.request("initialize", recorded("initialize"))
    for seq, what in [(1, "a repeated seq"), ("7", "a seq that is a string")]:
        client.send("threads", seq=seq)
        reply = client.until(lambda m: m.get("type") == "response" and m.get("command") == "threads", "threads response")
        check(reply.get("success") is False, what + " is refused")
    answer = client.request("setBreakpoints", {"source": {"path": os.path.join(directory, "held.lua")}, "breakpoints": [{"line": 2}, {}, {"line": -4}]})
    check([b["verified"] for b in answer["body"]["breakpoints"]] == [True, False, False], "one answer per breakpoint, a bad line unset: %s" % answer["body"])
    client.request("flyToTheMoon", succeeds=False)
    client.request("launch", {"fast": True}, succeeds=False)
    client.request("evaluate", {"expression": "1", "context": "repl"}, succeeds=False)
    client.request("variables", {"variablesReference": 12345}, succeeds=False)
    client.raw(b"Content-Length: 1000000000\r\n\r\n")
    reply = client.until(lambda m: m.get("type") == "response", "response")
    check(reply.get("success") is False and "limit" in reply.get("message", ""), "a huge message is refused: %s" % reply)
    check(client.exits() == 0, "the adapter ends the connection, not the process's health")
    client = Client([])
    client.raw(b"X" * 5000)
    check(client.until(lambda m: m.get("type") == "response", "response").get("success") is False, "a header past its bound is refused")
    client.exits()


def error():
    client = Client([])
    configure(client, {"program": "fails.lua", "fast": True}, {}, ["errors"])
    thread = stopped(client, "exception")
    stop = [m for m in client.seen if m.get("event") == "stopped"][-1]["body"]
    check("no such train" in stop.get("description", ""), "the stop says the error: %s" % stop)
    names = {t["id"]: t["name"] for t in client.request("threads")["body"]["threads"]}
    check(names.get(thread) == "on depart", "the failed task is the stopped thread: %s" % names)
    top = [f for f in frames(client, thread) if "source" in f][0]
    check(top["line"] == 3, "the error's line: %s" % top)
    check(variables(client, scope(client, top["id"], "Locals")).get("train", {}).get("value") == "\"ghost\"", "the failed frame's locals")
    client.request("continue", {"threadId": thread})
    client.event("exited")
    client.request("disconnect")
    client.exits()


def steps():
    client = Client([])
    configure(client, {"program": "steps.lua", "fast": True, "stopOnEntry": True}, {"steps.lua": [{"line": 6}]}, [])
    thread = stopped(client, "pause")
    check(frames(client, thread)[0]["line"] == 1, "stopOnEntry stops at the first line")
    client.request("continue", {"threadId": thread})
    stopped(client, "breakpoint")
    client.request("stepIn", {"threadId": thread})
    stopped(client, "step")
    check(frames(client, thread)[0]["line"] == 3, "stepIn enters the function")
    client.request("evaluate", {"expression": "factor = 3", "context": "repl"})
    client.request("stepOut", {"threadId": thread})
    stopped(client, "step")
    check(frames(client, thread)[0]["line"] == 7, "stepOut ends at the caller's next line")
    client.request("next", {"threadId": thread})
    stopped(client, "step")
    check(frames(client, thread)[0]["line"] == 8, "next goes over the call")
    client.request("continue", {"threadId": thread})
    check(client.event("exited").get("body", {}).get("exitCode") == 0, "the run ends")
    check("twice\t18" in client.output(), "the console's write reached the upvalue, the steps nothing else: %r" % client.output())
    client.request("disconnect")
    client.exits()


def output():
    client = Client([])
    configure(client, {"program": "chatty.lua"}, {"chatty.lua": [{"line": 3}, {"line": 4, "logMessage": "logged {last}"}, {"line": 6, "logMessage": "logged again"}]}, [])
    thread = stopped(client, "breakpoint")
    check("line 3000 " in client.output(), "what the run printed arrives before its stop: %d bytes" % len(client.output()))
    client.request("continue", {"threadId": thread})
    client.event("exited")
    text = client.output()
    check(0 <= text.find("line 3000 ") < text.find("logged printed") < text.find("after the breakpoint"), "a log point comes in its place in the output")
    check(0 <= text.find("more 200") < text.find("logged again"), "a log point with no stop before it comes after what was printed: %r" % text[-300:])
    client.request("disconnect")
    client.exits()


def pause():
    client = Client([])
    configure(client, {"program": "forever.lua"}, {}, [])
    time.sleep(0.3)
    client.request("pause", {"threadId": 1})
    thread = stopped(client, "pause")
    check(frames(client, thread)[0].get("source", {}).get("path", "").endswith("forever.lua"), "paused in the behaviour")
    client.request("disconnect")
    check(client.exits(10) is not None, "a disconnect while paused ends the run")


def tests():
    client = Client([])
    keynote = os.path.join(directory, "scripts/examples/keynote.lua")
    configure(client, {"command": "test", "program": "scripts/examples/keynote_test.lua"}, {"scripts/examples/keynote.lua": [{"line": 32}]}, [])
    thread = stopped(client, "breakpoint")
    top = frames(client, thread)[0]
    check(top["line"] == 32 and top["source"]["path"] == keynote, "stopped in the behaviour under test: %s" % top)
    client.request("setBreakpoints", {"source": {"path": keynote}, "breakpoints": []})
    client.request("continue", {"threadId": thread})
    check(client.event("exited").get("body", {}).get("exitCode") == 0, "the tests pass")
    client.request("disconnect")
    client.exits()


def config():
    """A configuration from the docs (a JSON file, argv[4]), launched as the editor launches it."""
    with open(sys.argv[4]) as f:
        launch = json.load(f)
    client = Client([])
    configure(client, launch, {}, [])
    check(client.event("exited", 60).get("body", {}).get("exitCode") == 0, "the documented configuration runs: %r" % client.output())
    client.request("disconnect")
    check(client.exits() == 0, "the adapter exits 0")


{"config": config, "error": error, "steps": steps, "pause": pause, "output": output, "test": tests, "session": session, "limit": limit, "held": held, "disconnect": disconnect, "tcp": tcp, "hostile": hostile}[scenario]()
sys.exit(1 if failures else 0)
