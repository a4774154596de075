/** The whole schema in one object, for drizzle's typed query API and for migrations. */
export * from "./schema/accounts.sql";
export * from "./schema/activity.sql";
export * from "./schema/calendar-feeds.sql";
export * from "./schema/circles.sql";
export * from "./schema/inbox.sql";
export * from "./schema/notifications.sql";
export * from "./schema/plans.sql";
