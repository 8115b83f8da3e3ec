-- wrk script: every request submits one order (POST /actions).
wrk.method = "POST"
wrk.body = '{"type":"submit","product":"tea","quantity":1}'
wrk.headers["Content-Type"] = "application/json"
