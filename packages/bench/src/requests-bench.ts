/**
 * Section `requests`: one active user's day of API requests, with the spec's polling and with
 * live sync, and what a month of it costs on AWS for 100,000 families (issue 20). The screens'
 * requests are measured in Chromium (screen-requests.ts); the day is day-model.ts's arithmetic.
 */
import { startWebServer } from "./app-server";
import {
  catchUpRefetches,
  circleRefetches,
  type DayAssumptions,
  DEFAULT_DAY,
  type MonthCost,
  modelDay,
  monthCost,
  ownChangeRefetches,
} from "./day-model";
import { heading, printTable, type SummaryRow, verdict } from "./format";
import { measureScreens } from "./screen-requests";
import { buildPackage } from "./workspace-build";

const REQUESTS_TARGET = 50;
const COST_TARGET = 0.01;
const FAMILIES = 100_000;

export interface RequestsBenchOptions {
  build: boolean;
  chromePath: string;
}

const one = (value: number) => value.toFixed(1);
const dollars = (value: number) =>
  value >= 100
    ? `$${Math.round(value).toLocaleString("en-US")}`
    : `$${value.toFixed(value < 0.1 ? 4 : 2)}`;

const COST_LINES: [keyof Omit<MonthCost, "total">, string][] = [
  ["lambdaRequests", "Lambda requests (API)"],
  ["lambdaDuration", "Lambda duration (API, 1 GB)"],
  ["cloudFrontRequests", "CloudFront HTTPS requests"],
  ["cloudFrontFunctions", "CloudFront Functions (Router, 2 a request)"],
  ["cloudFrontTransfer", "CloudFront data out"],
  ["iotConnectivity", "IoT Core connection minutes"],
  ["iotMessaging", "IoT Core messages"],
  ["authorizer", "Lambda (IoT authorizer)"],
];

export async function runRequestsBench(options: RequestsBenchOptions): Promise<SummaryRow[]> {
  heading("6. Requests per user per day, polling vs live sync (issue 20)");
  const figure = "Requests per user per day (live sync)";
  if (options.build && !buildPackage("@circleplan/web")) {
    console.log("n/a: the web build failed");
    return [{ figure, value: "n/a", target: `≤ ${REQUESTS_TARGET}`, verdict: "n/a" }];
  }
  const server = await startWebServer();
  let measured: Awaited<ReturnType<typeof measureScreens>>;
  try {
    measured = await measureScreens(server.appUrl, options.chromePath);
  } finally {
    await server.stop();
  }
  const day: DayAssumptions = {
    ...DEFAULT_DAY,
    circleId: measured.circleId,
    bytesPerRequest: measured.bytesPerRequest,
    batchedQueries: measured.batchedQueries,
  };

  console.log("Measured in Chromium (requests to /api, the live channel's live.connect included):");
  printTable(
    [
      "screen",
      "page load",
      "in-app visit",
      "queries shown",
      "a change refetches",
      "a catch-up refetches",
      "own change refetches",
    ],
    measured.screens.map((screen) => [
      screen.name,
      String(screen.coldRequests),
      String(screen.visitRequests),
      String(screen.activeKeys.length),
      String(circleRefetches(screen, day.circleId)),
      String(catchUpRefetches(screen)),
      String(ownChangeRefetches(screen)),
    ]),
  );
  console.log("What a page load, and an in-app visit, asks, in order:");
  for (const screen of measured.screens) {
    console.log(`  ${screen.name}: ${screen.coldRequestNames.join(" · ")}`);
    console.log(`    visit: ${screen.visitRequestNames.join(" · ")}`);
  }
  console.log(
    `On the wire: ${measured.screens.find((screen) => screen.name === day.firstScreen)?.coldBytes} bytes a ${day.firstScreen} page load, ${Math.round(day.bytesPerRequest)} an in-app answer on average; queries of one moment ${day.batchedQueries ? "batched in one request" : "one request each"}.`,
  );

  const modelled = modelDay(measured.screens, day);
  console.log(
    `\nOne user's day: ${day.sessions} sessions of ${day.minutesPerSession} min (${day.coldStarts} page loads, the rest returns to a tab hidden for hours), ` +
      `${day.firstScreen} then ${day.visitsPerSession} more screens each; a family of ${day.familySize} making ${day.changesPerMember} changes each a day over ${day.awakeHours} h; ` +
      `a tab hidden ${day.hiddenTabHours} h; channel down ${day.channelDownShare * 100}% of the time.`,
  );
  printTable(
    ["requests a day", "polling", "live sync", "how"],
    [
      ...modelled.lines.map((line) => [line.label, one(line.old), one(line.live), line.how]),
      ["total", one(modelled.old), one(modelled.live), ""],
    ],
  );
  const pollShare = modelled.lines
    .filter((line) => line.label.startsWith("polls"))
    .reduce((sum, line) => sum + line.old, 0);
  console.log(`Polls were ${((pollShare / modelled.old) * 100).toFixed(0)}% of the old day.`);
  const downAllDay = modelDay(measured.screens, { ...day, channelDownShare: 1 });
  console.log(
    `With the channel down all day (version checks instead): ${one(downAllDay.live)} a day.`,
  );

  const oldCost = monthCost(modelled.old, modelled.bytes.old, null, day);
  const liveCost = monthCost(modelled.live, modelled.bytes.live, modelled.iot, day);
  console.log(
    `\nA month for ${FAMILIES.toLocaleString("en-US")} families of ${day.familySize} (${day.apiMs} ms billed per API request; IoT: ${Math.round(modelled.iot.connectionMinutes)} connection minutes and ${one(modelled.iot.messages)} messages per user a day):`,
  );
  printTable(
    ["AWS line", "polling", "live sync"],
    [
      ...COST_LINES.map(([key, label]) => [
        label,
        dollars(oldCost[key] * FAMILIES),
        dollars(liveCost[key] * FAMILIES),
      ]),
      ["total", dollars(oldCost.total * FAMILIES), dollars(liveCost.total * FAMILIES)],
      ["per family", dollars(oldCost.total), dollars(liveCost.total)],
    ],
  );
  return [
    {
      figure,
      value: `${one(modelled.live)} (polling: ${one(modelled.old)})`,
      target: `≤ ${REQUESTS_TARGET}`,
      verdict: verdict(modelled.live <= REQUESTS_TARGET),
    },
    {
      figure: "AWS per family per month (live sync)",
      value: `${dollars(liveCost.total)} (polling: ${dollars(oldCost.total)})`,
      target: `≤ $${COST_TARGET}`,
      verdict: verdict(liveCost.total <= COST_TARGET),
    },
  ];
}
