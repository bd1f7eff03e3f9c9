# Prints what zsh's completion offers for a command line, as a user pressing Tab gets it:
#   zsh -f zsh-complete.zsh SCRIPT 'dms context use '
# An interactive zsh (in a zpty) loads compinit and SCRIPT, then completes the line with Tab;
# every candidate that reaches compadd is printed as `value` or `value -- description`.
# (After Valodim's zsh-capture-completion, MIT.)
zmodload zsh/zpty || { print -u2 'zsh/zpty is missing'; exit 2 }
script=$1 line=$2
setopt rcquotes

zpty z zsh -f -i
init=$(mktemp) || exit 2
cat >$init <<'EOF'
PROMPT=
autoload -Uz compinit
compinit -u -D
bindkey '^M' undefined
bindkey '^J' undefined
bindkey '^I' complete-word
null-line () { echo -E - $'\0' }
compprefuncs=( null-line )
comppostfuncs=( null-line exit )
zstyle ':completion:*' list-grouped false
zstyle ':completion:*' insert-tab false
zstyle ':completion:*' list-separator ''
compadd () {
  if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then
    builtin compadd "$@"
    return $?
  fi
  typeset -a __hits __dscr __tmp
  if (( $@[(I)-d] )); then
    __tmp=${@[$[${@[(i)-d]}+1]]}
    if [[ $__tmp == \(* ]]; then
      eval "__dscr=$__tmp"
    else
      __dscr=( "${(@P)__tmp}" )
    fi
  fi
  builtin compadd -A __hits -D __dscr "$@"
  setopt localoptions norcexpandparam extendedglob
  typeset -A apre hpre hsuf asuf
  zparseopts -E P:=apre p:=hpre S:=asuf s:=hsuf
  [[ -n $__hits ]] || return
  local dscr
  for i in {1..$#__hits}; do
    (( $#__dscr >= $i )) && dscr=" -- ${${__dscr[$i]}##$__hits[$i] #}" || dscr=
    echo -E - $IPREFIX$apre$hpre$__hits[$i]$hsuf$asuf$dscr
  done
}
EOF
print -r -- "source ${(q)script}" >>$init
print -r -- 'echo ok' >>$init

zpty -w z "source ${(q)init}"
for i in {1..20}; do
  zpty -r z reply
  [[ $reply == ok* ]] && break
done
rm -f $init
[[ $reply == ok* ]] || { print -u2 'zsh did not start'; exit 2 }

zpty -w z "$line"$'\t'
integer tog=0
while zpty -r z; do :; done | while IFS= read -r out; do
  if [[ $out == *$'\0\r' ]]; then
    (( tog++ )) && exit 0 || continue
  fi
  (( tog )) && echo -E - $out
done
exit 0
