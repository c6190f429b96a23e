// Adding a status to the order status list must fail to compile in every place that has to say what it means: this
// test type-checks the code that speaks of statuses with a made-up status ('lost') added to the list in memory, and
// expects the compiler to name exactly the declarations below. A place that stops being exhaustive (an if/else chain that
// falls through, a partial table) drops out of the compiler's answer, and this test fails.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const statusList = path.join(root, 'contracts/shared/constants.ts');

/**
 * Every place that must handle a new status, as `file: declaration`: a switch ending in `unhandledStatus` or a table
 * keyed by status.
 */
const places = [
  'contracts/orders/shopperOrder.ts: shopperOrderView', // the shopper's timeline, an entry for each status change
  'contracts/orders/shopperOrder.ts: shopperStatusOf', // the status the shopper is shown
  'contracts/orders/shopperRequests.ts: cancelRefusal', // reads the table below
  'contracts/orders/shopperRequests.ts: notYetShipped', // which statuses may still be cancelled
  'contracts/orders/statusMoves.ts: stage', // how far along each status is
  'service/orders/shopperRequestDecider.ts: hasLeft', // whether an accepted cancellation comes too late
  'web/src/features/orders/admin/StatusActions.tsx: actionLabels', // the console's button for each status
];

/** The repository's own compiler settings and files, as `npm run typecheck` reads them. */
function projectConfig(): ts.ParsedCommandLine {
  const configPath = path.join(root, 'tsconfig.json');
  const { config, error } = ts.readConfigFile(configPath, (file) => ts.sys.readFile(file));
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  return ts.parseJsonConfigFileContent(config, ts.sys, root, undefined, configPath);
}

const isTest = (file: string) => /\.(test|e2e)\.tsx?$/.test(file) || file.includes('/e2e/');

/** Where the files naming an order status have errors when the status list's text is edited by `edit`. */
function filesWithErrors(edit: (text: string) => string): string[] {
  const { options, fileNames } = projectConfig();
  const roots = fileNames.filter((f) => !isTest(f) && /OrderStatus|orderStatuses/.test(readFileSync(f, 'utf8')));
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  host.readFile = (file) => {
    const text = readFile(file);
    return text !== undefined && path.resolve(file) === statusList ? edit(text) : text;
  };
  const program = ts.createProgram({ rootNames: roots, options, host });
  // Only the naming files are checked (the files they import are read for their types, not checked): a third of the
  // time of checking the whole program.
  const found = roots.flatMap((file) => {
    const source = program.getSourceFile(file);
    if (!source) return [`${path.relative(root, file)}: (not read)`];
    const errors = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
    return errors.map((error) => `${path.relative(root, file)}: ${declarationAt(source, error.start ?? 0)}`);
  });
  return [...new Set(found)].sort();
}

/** The name of the top-level declaration holding `position`. */
function declarationAt(source: ts.SourceFile, position: number): string {
  const statement = source.statements.find((s) => s.getStart(source) <= position && position < s.getEnd());
  if (!statement) return '(outside a declaration)';
  if (ts.isVariableStatement(statement))
    return statement.declarationList.declarations.map((d) => d.name.getText(source)).join(', ');
  const name = (statement as { name?: ts.Node }).name;
  return name ? name.getText(source) : ts.SyntaxKind[statement.kind];
}

const listText = /export const orderStatuses = \[([^\]]*)\] as const;/;

test('a made-up status fails to compile in each place that handles statuses, and nowhere else', () => {
  const withLost = (text: string) => {
    assert.match(text, listText, 'the status list is where this test looks for it');
    return text.replace(listText, (_, list: string) => `export const orderStatuses = [${list}, 'lost'] as const;`);
  };
  assert.equal(filesWithErrors(withLost), [...places].sort());
});

test.run();
