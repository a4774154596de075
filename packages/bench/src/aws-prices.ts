/**
 * The public AWS prices the requests-per-day model costs its figures at: us-east-1 on-demand, no
 * free tier (at 100,000 families it is long used up), read 2026-11-27. The pages are cited in
 * docs/bench-notes.md ("Requests per user per day").
 */
import { LAMBDA_ARCHITECTURE } from "@circleplan/functions/bundles";

export const AWS_PRICES = {
  /** aws.amazon.com/lambda/pricing: $0.20 per 1M requests. */
  lambdaPerRequest: 0.2 / 1e6,
  /** aws.amazon.com/lambda/pricing: per GB-s, first 6 billion GB-s a month, by architecture. */
  lambdaPerGbSecond: { x86_64: 0.000_016_666_7, arm64: 0.000_013_333_4 },
  /** aws.amazon.com/cloudfront/pricing: HTTPS requests, United States and Europe, per 10,000. */
  cloudFrontPerRequest: 0.01 / 10_000,
  /** aws.amazon.com/cloudfront/pricing: CloudFront Functions, per 1M invocations. */
  cloudFrontFunctionPerInvocation: 0.1 / 1e6,
  /** aws.amazon.com/cloudfront/pricing: data transfer out, United States and Europe, first 10 TB. */
  cloudFrontPerGb: 0.085,
  /** aws.amazon.com/iot-core/pricing: connectivity, per 1M minutes of connection. */
  iotPerConnectionMinute: 0.08 / 1e6,
  /** aws.amazon.com/iot-core/pricing: messaging, first 1 billion a month, per 1M (5 KB each). */
  iotPerMessage: 1 / 1e6,
} as const;

/**
 * What our own deployment adds to each price: sst.config.ts gives the API function 1024 MB on
 * the functions' architecture, and its Router runs a CloudFront Function on the viewer's
 * request and another on the response.
 */
export const DEPLOYMENT = {
  architecture: LAMBDA_ARCHITECTURE,
  apiMemoryGb: 1,
  cloudFrontFunctionsPerRequest: 2,
} as const;
