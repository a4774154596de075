/**
 * SES event-publishing messages as the MailEvents topic delivers them (the shapes of AWS's
 * "Examples of event data that Amazon SES publishes to Amazon SNS"), for tests.
 */
const mail = (to: string) => ({
  timestamp: "2026-11-20T08:00:00.000Z",
  source: "Circleplan <no-reply@circleplan.app>",
  messageId: "0100018c-0000-0000-0000-000000000000-000000",
  destination: [to],
});

export function sesBounce(to: string, bounceType = "Permanent", bounceSubType = "General") {
  return {
    eventType: "Bounce",
    bounce: {
      feedbackId: "0100018c-bounce",
      bounceType,
      bounceSubType,
      bouncedRecipients: [
        {
          emailAddress: to,
          action: "failed",
          status: "5.1.1",
          diagnosticCode: "smtp; 550 5.1.1 user unknown",
        },
      ],
      timestamp: "2026-11-20T08:00:02.000Z",
      reportingMTA: "dsn; a1-2.smtp-out.amazonses.com",
    },
    mail: mail(to),
  };
}

export function sesComplaint(to: string) {
  return {
    eventType: "Complaint",
    complaint: {
      complainedRecipients: [{ emailAddress: to }],
      timestamp: "2026-11-20T09:00:00.000Z",
      feedbackId: "0100018c-complaint",
      userAgent: "Mail provider feedback loop",
      complaintFeedbackType: "abuse",
      arrivalDate: "2026-11-20T08:59:00.000Z",
    },
    mail: mail(to),
  };
}
