export * from './geo';
export * from './transform';
export * from './box';
export * from './lathe';
export * from './extrude';
export * from './sphere';
export * from './tube';
export * from './noise';
