// The shell completion scripts `dms completion bash|zsh|fish` prints. Each asks `dms __complete`
// (the dms on PATH) for the candidates, and never the network.

const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

export function isShell(value: string | undefined): value is Shell {
  return (SHELLS as readonly (string | undefined)[]).includes(value);
}

const BASH = `# dms completion for bash. Load it in ~/.bashrc:  source <(dms completion bash)
_dms_complete() {
  local line=\${COMP_LINE:0:COMP_POINT} pos=0 i word gap
  local -a words=()
  # bash splits words at = and : (COMP_WORDBREAKS); dms reads them whole, so the pieces that
  # touch are put back together (--context=prod, --url https://host).
  for ((i = 0; i <= COMP_CWORD; i++)); do
    word=\${COMP_WORDS[i]}
    gap=0
    while [[ \${line:pos:1} == [[:space:]] ]]; do pos=$((pos + 1)); gap=1; done
    if ((i == COMP_CWORD)); then word=\${line:pos}; fi
    if ((i > 0 && gap == 0)); then words[\${#words[@]}-1]+=$word; else words+=("$word"); fi
    pos=$((pos + \${#word}))
  done
  local cur=\${words[\${#words[@]}-1]}
  # What readline replaces: the end of the line after its last word break.
  local breaks=\${COMP_WORDBREAKS:-$' \\t\\n"\\'><=;|&(:'}
  local tail=\${line##*[$breaks]}
  local strip=\${cur:0:\${#cur}-\${#tail}}
  local out c
  COMPREPLY=()
  out=$(command dms __complete bash -- "\${words[@]:1}" 2>/dev/null) || return 0
  if [[ $out == :files ]]; then
    compopt -o filenames 2>/dev/null
    while IFS= read -r c; do COMPREPLY+=("$c"); done < <(compgen -f -- "$tail")
    return 0
  fi
  while IFS= read -r c; do
    if [[ -n $c ]]; then COMPREPLY+=("\${c#"$strip"}"); fi
  done <<<"$out"
  return 0
}
complete -F _dms_complete dms
`;

const ZSH = `#compdef dms
# dms completion for zsh. Load it in ~/.zshrc after compinit:  source <(dms completion zsh)
# or save it as _dms in a folder of $fpath.
_dms() {
  local -a lines described
  local line value desc
  lines=("\${(@f)$(command dms __complete zsh -- "\${(@)words[2,CURRENT]}" 2>/dev/null)}")
  if [[ \${lines[1]} == :files ]]; then
    compset -P '*='
    _files
    return
  fi
  for line in "\${lines[@]}"; do
    [[ -z $line ]] && continue
    value=\${line%%$'\\t'*}
    desc=
    [[ $line == *$'\\t'* ]] && desc=\${line#*$'\\t'}
    described+=("\${value//:/\\\\:}\${desc:+:$desc}")
  done
  (( \${#described} )) && _describe -t dms 'dms' described
}
if [[ \${funcstack[1]} == _dms ]]; then _dms "$@"; else compdef _dms dms; fi
`;

const FISH = `# dms completion for fish. Load it:  dms completion fish > ~/.config/fish/completions/dms.fish
function __dms_complete
    set -l words (commandline -opc)
    set -e words[1]
    set -l cur (commandline -ct)
    set -l out (command dms __complete fish -- $words "$cur" 2>/dev/null)
    if test "$out[1]" = ':files'
        set -l pre (string match -r -- '^--[^=]*=' "$cur")
        for f in (__fish_complete_path (string replace -- "$pre" '' "$cur"))
            printf '%s%s\\n' "$pre" "$f"
        end
        return
    end
    for c in $out
        printf '%s\\n' "$c"
    end
end
complete -c dms -e
complete -c dms -f -a '(__dms_complete)'
`;

export const SCRIPTS: Readonly<Record<Shell, string>> = { bash: BASH, zsh: ZSH, fish: FISH };
