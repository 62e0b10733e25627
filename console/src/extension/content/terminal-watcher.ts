// Watches a GDS web terminal.
export {};
