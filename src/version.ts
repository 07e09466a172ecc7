/** The workbench's version, printed in every report. A test keeps it equal to package.json's. */
export const WORKBENCH_VERSION = '0.1.0';
