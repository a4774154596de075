/** Every route of the accounts spec (section 2), one place to build links from. */
export const paths = {
  root: "/",
  home: "/home",
  auth: "/auth",
  verifyEmail: "/verify-email",
  unsubscribe: "/unsubscribe",
  devMailbox: "/dev/mailbox",
  dashboard: "/dashboard",
  planner: "/planner",
  plans: "/plans",
  todos: "/todos",
  calendar: "/calendar",
  upcoming: "/upcoming",
  actions: "/actions",
  actionCenter: "/action-center",
  circleHome: "/circle/home",
  circle: { pattern: "/circle/:id", build: (id: number | string) => `/circle/${id}` },
  circleCalendar: {
    pattern: "/circle/:id/calendar",
    build: (id: number | string) => `/circle/${id}/calendar`,
  },
  circleActions: {
    pattern: "/circle/:id/actions",
    build: (id: number | string) => `/circle/${id}/actions`,
  },
  circleActivity: {
    pattern: "/circle/:id/activity",
    build: (id: number | string) => `/circle/${id}/activity`,
  },
  circleSettings: {
    pattern: "/circle/:id/settings",
    build: (id: number | string) => `/circle/${id}/settings`,
  },
  circleMembers: {
    pattern: "/circle/:id/members",
    build: (id: number | string) => `/circle/${id}/members`,
  },
  invitations: "/invitations",
  inbox: "/inbox",
  search: "/search",
  invitation: {
    pattern: "/invitations/:token",
    build: (token: string) => `/invitations/${encodeURIComponent(token)}`,
  },
  profile: "/profile",
} as const;
