// Names fixed by interfaces.md.
export const SESSION_COOKIE = 'assessment_session';
export const LOGGED_OUT_HEADER = 'X-Logged-Out';
