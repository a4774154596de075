/**
 * AWS IoT Core's names for live sync (docs/decisions/018-live-sync.md, "AWS"): one topic per
 * user under the deployment's prefix (`app/stage`: one IoT endpoint serves every app and stage
 * of an account), and the client ids a user may connect with.
 */

export function userTopicOf(prefix: string, userId: number): string {
  return `${prefix}/user/${userId}`;
}

/** Every client id a user connects with starts so: nobody can take over another's connection. */
export function clientIdPrefixOf(prefix: string, userId: number): string {
  return `${prefix.replaceAll("/", "-")}-u${userId}-`;
}
