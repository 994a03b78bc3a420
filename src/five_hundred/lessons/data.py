"""The lessons, in order: each a few questions asked at built positions.

Seats: 0 North, 1 East, 2 South (the learner), 3 West. Every position is checked
against the engine by ``tests/lessons/test_positions.py``: right answers legal, the
``refused`` answers refused for the rule given.
"""

from __future__ import annotations

from five_hundred.i18n import N_
from five_hundred.lessons.model import Lesson, Question, Setup, Wrong

NOT_TRUMP = N_("That card is not a trump: hearts, J♦ and the joker are (R2).")

# South declares 7♥ and leads (East deals, South bids first).
_BOWERS = Setup(dealer=1, hands=("4H 5H JK", "", "JH JD AH KH 9H AS KS QC 8D 5C", ""),
                kitty="6C 7C 8C",
                script=("bid 7H", "pass", "pass", "pass", "discard 6C 7C 8C"))

# West declares 7♥ (South deals, West bids first); South has no heart but J♦.
_WEST_7H = ("bid 7H", "pass", "pass", "pass", "discard 5S 6S 7S")
_LEFT = ("", "", "JD 9D KD AS KS QS 5C 6C 7C 8C", "AH KH QH AD")

_NT_HANDS = ("6S", "7S", "JK AS AH KH QH JH TH 9H 5C 5D", "5S")

LESSONS: tuple[Lesson, ...] = (
    Lesson(
        key="cards", title=N_("Cards, trumps and the two bowers"),
        intro=N_("43 cards: A K Q J 10 9 8 7 6 5 in every suit, 4♥ and 4♦, and one "
                 "joker. The contract names trumps. With hearts trumps the order is: "
                 "joker, J♥ (right bower), J♦ (left bower), A♥ K♥ Q♥ 10♥ … A bower is "
                 "the jack of trumps or the other jack of the same colour."),
        questions=(
            Question(
                setup=_BOWERS, ask=N_("Hearts are trumps. Lead your highest trump."),
                rule="R2", right=("play JH",),
                praise=N_("Right: J♥, the right bower, beats every card but the joker."),
                wrong=(Wrong(("play JD",), N_("J♦ is the left bower, the second jack: "
                                              "J♥ ranks above it (R2)."), "R2"),
                       Wrong(("play AH", "play KH", "play 9H"),
                             N_("In trumps both bowers rank above the ace: J♥ first, "
                                "then J♦ (R2)."), "R2")),
                otherwise=NOT_TRUMP,
                hint=N_("The jack of the trump suit is the right bower.")),
            Question(
                ask=N_("You won the trick. Lead your highest trump again."),
                rule="R2", right=("play JD",),
                praise=N_("Right: J♦ is a trump now, the left bower, above A♥."),
                wrong=(Wrong(("play AH", "play KH", "play 9H"),
                             N_("J♦, the left bower, is a heart while hearts are trumps "
                                "and ranks above A♥ (R2)."), "R2"),),
                otherwise=NOT_TRUMP,
                hint=N_("The jack of the same colour as trumps is the left bower.")),
        )),
    Lesson(
        key="follow", title=N_("Following suit: the left bower is a trump"),
        intro=N_("You must follow the suit led if you can (R20). With hearts trumps, "
                 "J♦ is a heart: it follows hearts, and it does not follow diamonds. "
                 "If you cannot follow, play any card."),
        questions=(
            Question(
                setup=Setup(dealer=2, hands=_LEFT, kitty="5S 6S 7S",
                            script=(*_WEST_7H, "play AH", "*", "*")),
                ask=N_("West leads A♥ (hearts are trumps). Play a card."),
                rule="R20", right=("play JD",),
                praise=N_("Right: J♦ is your only heart, so it must follow A♥."),
                refused=(("play KD", "R20"), ("play AS", "R20")),
                hint=N_("Which of your cards counts as a heart?")),
            Question(
                setup=Setup(dealer=2, hands=_LEFT, kitty="5S 6S 7S",
                            script=(*_WEST_7H, "play AD", "*", "*")),
                ask=N_("Now West leads A♦. Play a card."),
                rule="R20", right=("play 9D", "play KD"),
                praise=N_("Right: J♦ is a heart, so 9♦ and K♦ are your diamonds."),
                refused=(("play JD", "R20"), ("play 5C", "R20")),
                hint=N_("J♦ is not a diamond while hearts are trumps.")),
        )),
    Lesson(
        key="tricks", title=N_("Winning tricks"),
        intro=N_("The highest trump in the trick wins it. With no trump in it, the "
                 "highest card of the suit led wins; other suits never win (R21). The "
                 "winner leads next."),
        questions=(
            Question(
                setup=Setup(dealer=2, hands=("9S", "AS", "5H 6H 5C 6C 7C 8C 9C 5D 6D 7D",
                                             "KS AH KH QH"),
                            kitty="5S 6S 7S",
                            script=(*_WEST_7H, "play KS", "play 9S", "play AS")),
                ask=N_("Hearts are trumps; East's A♠ is winning. Win the trick."),
                rule="R21", right=("play 5H", "play 6H"),
                praise=N_("Right: even a small trump beats the ace of another suit."),
                otherwise=N_("A card of another plain suit never wins: A♠ still takes "
                             "the trick unless a trump is played (R21)."),
                hint=N_("You have no spade: any card may be played.")),
            Question(
                setup=Setup(dealer=2, hands=("5C", "QC", "KC 6C 5H 5D 6D 7D 8D 9D TD JS",
                                             "TC AH KH QH"),
                            kitty="5S 6S 7S",
                            script=(*_WEST_7H, "play TC", "play 5C", "play QC")),
                ask=N_("West leads 10♣ and East plays Q♣. Win the trick."),
                rule="R21", right=("play KC",),
                praise=N_("Right: K♣ is the highest club in the trick."),
                wrong=(Wrong(("play 6C",), N_("6♣ is lower than Q♣: with no trump in the "
                                              "trick the highest club wins (R21)."), "R21"),),
                refused=(("play 5H", "R20"),),
                hint=N_("You hold clubs, so you must play one.")),
        )),
    Lesson(
        key="joker-suit", title=N_("The joker in a suit contract"),
        intro=N_("In a suit contract the joker is the highest trump, above both "
                 "bowers. It belongs to the trump suit: when trumps are led and it is "
                 "your only trump, you must play it (R2, R20)."),
        questions=(
            Question(
                setup=Setup(dealer=2, hands=("", "", "JK 5C 6C 7C 8C 5D 6D 7D 8D 9D",
                                             "AS KS QS"),
                            kitty="5H 6H 7H",
                            script=("bid 7S", "pass", "pass", "pass", "discard 5H 6H 7H",
                                    "play AS", "*", "*")),
                ask=N_("Spades are trumps and West leads A♠. Play a card."),
                rule="R20", right=("play JK",),
                praise=N_("Right: the joker is a spade now; it follows and wins (R38)."),
                refused=(("play 5C", "R20"),),
                hint=N_("Which of your cards is a trump?")),
            Question(
                setup=Setup(dealer=1, hands=("", "", "JK JS JC AS KS 5D 6D 7D 8D 9D", ""),
                            kitty="5H 6H 7H",
                            script=("bid 7S", "pass", "pass", "pass", "discard 5H 6H 7H")),
                ask=N_("You declared 7♠. Lead your highest trump."),
                rule="R2", right=("play JK",),
                praise=N_("Right: the joker beats even the right bower J♠."),
                wrong=(Wrong(("play JS", "play JC", "play AS", "play KS"),
                             N_("The joker is the highest trump, above J♠ and J♣ (R2)."),
                             "R2"),),
                otherwise=N_("That card is not a trump: spades, J♣ and the joker are (R2)."),
                hint=N_("The joker outranks every other card.")),
        )),
    Lesson(
        key="joker-nt", title=N_("The joker in no trumps"),
        intro=N_("In no trumps the declarer holding the joker may name its suit before "
                 "the first lead: it is then the top card of that suit (R23). Otherwise "
                 "it has no suit and wins any trick. It may be played only when you "
                 "cannot follow (R25). Led, it calls a suit not led yet (R26)."),
        questions=(
            Question(
                setup=Setup(dealer=1, hands=_NT_HANDS, kitty="6C 7C 8C",
                            script=("bid 7NT", "pass", "pass", "pass", "discard 6C 7C 8C")),
                ask=N_("You declared 7NT and hold the joker. Name its suit: hearts, your "
                       "long suit."),
                rule="R23", right=("joker H",),
                praise=N_("Right: the joker is now the highest heart."),
                wrong=(Wrong(("joker none",),
                             N_("Left without a suit the joker can be played only when "
                                "you cannot follow (R25); named a heart it tops your "
                                "long suit (R23)."), "R23"),),
                otherwise=N_("Hearts are your long suit: named a heart, the joker tops "
                             "it (R23)."),
                hint=N_("5 is none; 4 is hearts.")),
            Question(
                setup=Setup(dealer=2, hands=("", "", "JK 8C 5S 6S 7S 8S 9S 5D 6D 7D",
                                             "5C AH KH"),
                            kitty="4H 5H 6H",
                            script=("bid 7NT", "pass", "pass", "pass", "discard 4H 5H 6H",
                                    "play 5C", "*", "*")),
                ask=N_("West declared 7NT, so your joker has no suit. West leads 5♣. "
                       "Play a card."),
                rule="R25", right=("play 8C",),
                praise=N_("Right: you hold a club, so the joker must wait."),
                refused=(("play JK", "R25"),),
                hint=N_("You can follow clubs.")),
            Question(
                setup=Setup(dealer=1, hands=_NT_HANDS, kitty="6C 7C 8C",
                            script=("bid 7NT", "pass", "pass", "pass", "discard 6C 7C 8C",
                                    "joker none", "play AS", "*", "*", "*")),
                ask=N_("Your joker has no suit; spades were led. Lead the joker and call "
                       "a suit not led yet."),
                rule="R26", right=("play JK C", "play JK D", "play JK H"),
                praise=N_("Right: everyone must follow the suit the joker called."),
                otherwise=N_("This question asks you to lead the joker (R26)."),
                refused=(("play JK S", "R26"),),
                hint=N_("Choose the joker, Enter, then the suit's number.")),
        )),
    Lesson(
        key="auction", title=N_("The auction"),
        intro=N_("A bid names how many of the 10 tricks your side will win, 6 to 10, "
                 "and trumps or no trumps (NT). Each bid must outrank the last: more "
                 "tricks, or as many in a higher suit: ♠ ♣ ♦ ♥ NT (R10). A pass is "
                 "final (R11). The grid shows each bid's value (R28)."),
        questions=(
            Question(
                setup=Setup(dealer=0, hands=("", "", "AS KS QS JS AC KC 5D 6D AH KH", ""),
                            kitty="4H 4D 7D", script=("bid 6H",)),
                ask=N_("East bid 6♥. Make the cheapest spade bid that outranks it."),
                rule="R10", right=("bid 7S",),
                praise=N_("Right: 6♠ ranks below 6♥, so spades need seven tricks."),
                wrong=(Wrong(("pass",), N_("A pass is final for this deal (R11): this "
                                           "question asks for a bid."), "R11"),),
                otherwise=N_("That outranks 6♥, but the question asks for the cheapest "
                             "spade bid: at six tricks spades rank below hearts (R10)."),
                refused=(("bid 6S", "R10"), ("bid 6D", "R10")),
                hint=N_("7 chooses seven tricks, 1 spades.")),
            Question(
                then=("pass", "bid 7D", "pass"),
                ask=N_("Your partner North bid 7♦. Bid the contract worth 300 points."),
                rule="R28", right=("bid 8H",),
                praise=N_("Right: 8♥ is worth 300. A lost contract costs its value."),
                otherwise=N_("That bid is not worth 300: the grid shows each bid's "
                             "value (R28)."),
                refused=(("bid 7C", "R10"),),
                hint=N_("Look at the number beside each bid.")),
        )),
    Lesson(
        key="misere", title=N_("Misère and open misère"),
        intro=N_("Misère: you alone must lose every trick; your partner sits out "
                 "(R18). It may be bid only over a 7-level bid (R14), worth 250. Open "
                 "misère (500) may be bid at any time; your hand is shown after the "
                 "first trick (R15, R22)."),
        questions=(
            Question(
                setup=Setup(dealer=0, hands=("", "", "5S 6S 7S 5C 6C 7C 4D 5D 4H 5H", ""),
                            kitty="8S 8C 8D", script=("bid 6S",)),
                ask=N_("East bid 6♠. Misère is not open yet: pass."),
                rule="R14", right=("pass",),
                praise=N_("Right: misère needs a 7-level bid before it."),
                otherwise=N_("With such low cards, pass: misère is offered only over a "
                             "7-level bid (R14)."),
                refused=(("bid MIS", "R14"),),
                hint=N_("p passes.")),
            Question(
                setup=Setup(dealer=0, hands=("", "", "5S 6S 7S 5C 6C 7C 4D 5D 4H 5H", ""),
                            kitty="8S 8C 8D", script=("bid 7S",)),
                ask=N_("Now East bid 7♠. Bid misère."),
                rule="R14", right=("bid MIS",),
                praise=N_("Right: misère ranks above 7NT and below 8♠ (R14)."),
                otherwise=N_("This question asks for misère: over a 7-level bid it is "
                             "open (R14)."),
                refused=(("bid 6NT", "R10"),),
                hint=N_("↓ moves to the misère row.")),
            Question(
                setup=Setup(dealer=1, hands=("", "", "5S 6S 7S 5C 6C 7C 4D 5D 4H 5H", ""),
                            kitty="8S 8C 8D"),
                ask=N_("You bid first. Bid open misère: it needs no bid before it."),
                rule="R15", right=("bid OMIS",),
                praise=N_("Right: open misère ranks above 10♦, below 10♥ (R15)."),
                otherwise=N_("This question asks for open misère, allowed as the first "
                             "bid (R15)."),
                hint=N_("Go down to the open misère row.")),
            Question(
                setup=Setup(dealer=0, hands=("", "", "JK 6S 7S 5C 6C 7C 4D 5D 4H 5H", ""),
                            kitty="8S 8C 8D",
                            script=("bid 7S", "bid MIS", "pass", "pass", "pass",
                                    "discard 8S 8C 8D")),
                ask=N_("You play misère; North sits out. Name a suit for your joker."),
                rule="R27", right=("joker S", "joker C", "joker D", "joker H"),
                praise=N_("Right: named, the joker can be thrown on another suit."),
                wrong=(Wrong(("joker none",),
                             N_("A joker with no suit must win a trick sooner or later: "
                                "your misère would fail (R24, R27)."), "R27"),),
                hint=N_("Any of 1 to 4.")),
        )),
    Lesson(
        key="kitty", title=N_("The kitty and the discard"),
        intro=N_("The declarer takes the three kitty cards and then discards any "
                 "three, face down (R17). Nobody else sees them. Keep your trumps and "
                 "throw away low cards of other suits. Then you lead (R19)."),
        questions=(
            Question(
                setup=Setup(dealer=1, hands=("", "", "JH JD AH KH QH TH 9H 5S 7S 5C", ""),
                            kitty="4D 6D 8D", script=("bid 7H", "pass", "pass", "pass")),
                ask=N_("You won 7♥. The kitty (underlined) is in your hand. Discard "
                       "three cards that are not trumps."),
                rule="R17", keep=("JH", "JD", "AH", "KH", "QH", "TH", "9H"),
                praise=N_("Right: your seven trumps stay in your hand."),
                otherwise=N_("You discarded a trump: keep your trumps and throw away "
                             "low cards of other suits (R17)."),
                hint=N_("Space marks a card; mark three, then Enter.")),
            Question(
                ask=N_("The declarer leads first (R19). Lead your highest trump."),
                rule="R2", right=("play JH",), then=(),
                praise=N_("Right: the right bower, J♥."),
                otherwise=N_("The right bower J♥ is your highest trump (R2)."),
                hint=N_("The jack of hearts.")),
        )),
    Lesson(
        key="scoring", title=N_("Scoring"),
        intro=N_("Made: your side scores the bid's value; all 10 tricks score at least "
                 "250. Failed: you lose its value. Defenders score 10 a trick. Only "
                 "your own contract made wins at 500; −500 loses (R30–R36)."),
        questions=(
            Question(
                setup=Setup(dealer=1, hands=("", "", "AS KS QS JS AC KC 5D 6D AH KH", ""),
                            kitty="4H 4D 7D", scores=(350, 420)),
                ask=N_("Your side (N–S) has 350. Bid the cheapest contract that wins the "
                       "game if you make it."),
                rule="R35", right=("bid 7C",),
                praise=N_("Right: 350 + 160 = 510. Defending alone never wins (R35)."),
                wrong=(Wrong(("bid 6S", "bid 6C", "bid 6D", "bid 6H", "bid 6NT", "bid 7S"),
                             N_("That bid is worth less than 150: made, it leaves you "
                                "short of 500 (R28, R35)."), "R35"),
                       Wrong(("pass",), N_("A pass never wins a game: only your own "
                                           "contract made does (R35)."), "R35")),
                otherwise=N_("That wins if made, but 7♣ (160) is cheaper (R28)."),
                hint=N_("You need 150 points: look at the values.")),
            Question(
                setup=Setup(dealer=0, hands=("", "", "AS KS QS JS AC KC 5D 6D AH KH", ""),
                            kitty="4H 4D 7D", script=("bid 7H",), scores=(-300, 100)),
                ask=N_("Your side has −300 and East bid 7♥. Any bid now is worth 220 or "
                       "more. Pass, or risk the game?"),
                rule="R36", right=("pass",),
                praise=N_("Right: a failed 7NT would leave you at −520 and lose the game."),
                otherwise=N_("If that contract fails you lose its value and fall below "
                             "−500: the game is lost (R31, R36)."),
                hint=N_("p passes.")),
        )),
    Lesson(
        key="guided", title=N_("A first guided deal"), guided=True,
        intro=N_("A whole deal against three computers, your partner North among them. "
                 "Every computer bid is explained here, and each of your turns shows a "
                 "hint. Any legal move is accepted: try the hint."),
    ),
)


__all__ = ["LESSONS"]
