/** Every route of the accounts spec (section 2), one place to build links from. */
export const paths = {
  root: "/",
  home: "/home",
  auth: "/auth",
  verifyEmail: "/verify-email",
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
  circleSettings: {
    pattern: "/circle/:id/settings",
    build: (id: number | string) => `/circle/${id}/settings`,
  },
  circleMembers: {
    pattern: "/circle/:id/members",
    build: (id: number | string) => `/circle/${id}/members`,
  },
  invitations: "/invitations",
  invitation: {
    pattern: "/invitations/:token",
    build: (token: string) => `/invitations/${encodeURIComponent(token)}`,
  },
  profile: "/profile",
} as const;

/**
 * Screens of later issues: shown as a placeholder inside the shell until they are built. The
 * built screens are listed in routes.tsx.
 */
export const placeholderRoutes: readonly { pattern: string; title: string }[] = [
  { pattern: paths.dashboard, title: "Dashboard" },
  { pattern: paths.planner, title: "Planner" },
  { pattern: paths.plans, title: "Plans" },
  { pattern: paths.todos, title: "To-dos" },
  { pattern: paths.calendar, title: "Calendar" },
  { pattern: paths.upcoming, title: "Upcoming" },
  { pattern: paths.actions, title: "Action Center" },
  { pattern: paths.actionCenter, title: "Action Center" },
  { pattern: paths.circleCalendar.pattern, title: "Circle Calendar" },
  { pattern: paths.circleActions.pattern, title: "Circle Action Center" },
];
