-- wrk script for bin/benchmark-load: every request takes the next API key and the next body from
-- files, so no key runs out of its daily quota and a valuation is not the same name each time.
-- Usage: wrk ... -s bin/benchmark-load.lua URL -- METHOD KEYS_FILE|- BODIES_FILE|-
-- Headers given with -H (the DynamoDB protocol's, for the floor) are kept on every request.
-- Prints one machine-readable RESULT line; the benchmark parses it.

local threads = {}
local counter = 1

function setup(thread)
   thread:set("id", counter)
   counter = counter + 1
   table.insert(threads, thread)
end

local function read_lines(file)
   local lines = {}
   if file and file ~= "-" then
      for line in io.lines(file) do
         if line ~= "" then
            lines[#lines + 1] = line
         end
      end
   end
   return lines
end

function init(args)
   method = args[1] or "GET"
   keys = read_lines(args[2])
   bodies = read_lines(args[3])
   headers = {}
   for name, value in pairs(wrk.headers) do
      headers[name] = value
   end
   if #bodies > 0 and not headers["Content-Type"] then
      headers["Content-Type"] = "application/json"
   end
   -- Threads start at different places in the lists.
   n = (id or 1) * 7919
end

function request()
   n = n + 1
   if #keys > 0 then
      headers["Authorization"] = "Bearer " .. keys[n % #keys + 1]
   end
   local body = nil
   if #bodies > 0 then
      body = bodies[n % #bodies + 1]
   end
   return wrk.format(method, nil, headers, body)
end

function done(summary, latency, requests)
   local e = summary.errors
   io.write(string.format(
      "RESULT requests=%d duration_us=%d non2xx=%d socket_errors=%d p50_us=%d p90_us=%d p99_us=%d max_us=%d\n",
      summary.requests, summary.duration, e.status, e.connect + e.read + e.write + e.timeout,
      latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max))
end
