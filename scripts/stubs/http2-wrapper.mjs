// dms never asks got for HTTP/2; this stands in for http2-wrapper so it is not loaded at start-up.
const unused = () => { throw new Error('HTTP/2 is not used by dms'); };
export default { auto: unused, globalAgent: undefined };
