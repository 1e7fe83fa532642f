/** Vite's `?raw` imports (the demo SCORM package's files, read by test/api/scorm.test.ts). */
declare module '*?raw' {
  const text: string;
  export default text;
}
