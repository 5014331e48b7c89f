/** Style sheets are imported for their side effect; Vite extracts them into CSS files. */
declare module '*.css';
