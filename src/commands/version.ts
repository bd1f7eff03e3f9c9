// The version dms reports (dms --version): its own module, so start-up does not load the help texts.
export const VERSION = '0.1.0';
