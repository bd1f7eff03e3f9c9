// Stand-in for react-devtools-core, which Ink imports only in development.
export default { initialize() {}, connectToDevTools() {} };
