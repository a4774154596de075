// Runs in a fresh `node` process (plain JS: no tsx loader may pollute the timing). Imports the
// bundle given as argv[2], calls its handler once, and prints the timings as one JSON line.
const cpu = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};
const started = performance.now();
const startedCpu = cpu();
const bundle = await import(process.argv[2]);
const imported = performance.now();
const importedCpu = cpu();
const path = "/api/auth/user";
const event = {
  version: "2.0",
  routeKey: "$default",
  rawPath: path,
  rawQueryString: "",
  // As CloudFront forwards it: the viewer's address and the origin secret it adds.
  headers: {
    host: "bench.example.com",
    "user-agent": "circleplan-bench",
    "cloudfront-viewer-address": "198.51.100.7:443",
    "x-circleplan-origin-secret": process.env.ORIGIN_SECRET,
  },
  requestContext: {
    accountId: "000000000000",
    apiId: "bench",
    domainName: "bench.example.com",
    domainPrefix: "bench",
    http: {
      method: "GET",
      path,
      protocol: "HTTP/1.1",
      sourceIp: "127.0.0.1",
      userAgent: "circleplan-bench",
    },
    requestId: "bench",
    routeKey: "$default",
    stage: "$default",
    time: new Date().toISOString(),
    timeEpoch: Date.now(),
  },
  isBase64Encoded: false,
};
const response = await bundle.handler(event, {
  awsRequestId: "bench",
  getRemainingTimeInMillis: () => 30000,
});
const answered = performance.now();
const answeredCpu = cpu();
console.log(
  JSON.stringify({
    nodeStartMs: started,
    importMs: imported - started,
    firstRequestMs: answered - imported,
    importCpuMs: importedCpu - startedCpu,
    firstRequestCpuMs: answeredCpu - importedCpu,
    status: response.statusCode,
  }),
);
