// Copying from the TUI: the OSC 52 escape sequence asks the terminal (or tmux, with set-clipboard
// on) to put text on the clipboard. It works over SSH, where authd usually runs, and needs no
// clipboard program on the server. Terminals that ignore it show nothing, so the TUI says what it
// tried rather than claiming success.
export function osc52Sequence(text: string): string {
  return `\x1b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\x07`;
}

export function copyWithOsc52(stdout: { write(data: string): unknown }, text: string): void {
  stdout.write(osc52Sequence(text));
}
