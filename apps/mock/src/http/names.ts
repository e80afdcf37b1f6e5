// Names fixed by interfaces.md. The logged-out header is the SDK's (LOGGED_OUT_HEADER), which reads it.
export const SESSION_COOKIE = 'assessment_session';
