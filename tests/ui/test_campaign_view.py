"""Campaign embeds: their content for a small campaign, Discord's limits for a big one."""

from __future__ import annotations

from dataclasses import replace

import discord
import pytest

from bot.campaign import (
    Aftermath,
    Battle,
    CampaignState,
    Event,
    Recorded,
    Step,
    advance,
    edit_card,
    mark,
    name_honour,
    pending,
)
from bot.campaign import choose_out_of_action as choose
from bot.campaign.events import (
    Award,
    BattleRecorded,
    ExperienceAwarded,
    OutOfActionRolled,
    RequisitionGranted,
)
from bot.game.units import UnitProfile, Weapon
from bot.rules.dice import ScriptedDice
from bot.ui.campaign.aftermath_embeds import (
    answered_embed,
    done_embed,
    next_embed,
    step_embed,
)
from bot.ui.campaign.embeds import (
    card_embed,
    history_embed,
    roster_embed,
    standings_embed,
    status_embed,
)
from tests.campaign.log import ALICE, BOB, Log, card, played


def text(embed: discord.Embed) -> str:
    fields = [f"{f.name}\n{f.value}" for f in embed.fields]
    footer = embed.footer.text or ""
    return "\n".join([embed.title or "", embed.description or "", *fields, footer])


def fought(log: Log, faces: tuple[int, ...] = (), **kw: object) -> None:
    fielded = {p: [c.name for c in log.state.roster(p)] for p in (ALICE, BOB)}
    log.battle(fielded=fielded, vp={ALICE: 60, BOB: 45}, **kw)
    log.append(advance(log.state, ScriptedDice(faces)))


@pytest.fixture
def log() -> Log:
    log = Log()
    captain = card("Captain", character=True, xp=5, honours=("Iron Will",))
    log.add(card("Intercessors"), captain, card("Boyz", BOB, scars=("Fatigued",)))
    return log


def test_status_lists_record_requisition_supply_and_cards_per_player() -> None:
    embed = status_embed(played().state)
    assert embed.title == "📜 Vigilus — 10th edition Crusade"
    assert "Battles played: **1**" in text(embed)
    assert "<@101> — 1-0-0 · 5/10 RP · 100/1200 pts · 1 card" in text(embed)
    assert "<@202> — 0-1-0 · 6/10 RP · 80/1000 pts · 1 card" in text(embed)
    assert not embed.fields  # no post-battle sequence is open


def test_status_says_what_the_open_post_battle_sequence_waits_for(log: Log) -> None:
    fought(log, faces=(1,), destroyed=["Boyz"])
    assert "Battle 1 waits for: Out of Action choice for Boyz (<@202>)" in text(
        status_embed(log.state)
    )
    log.do(choose, "Boyz", "battle_scar", "Disgraced", actor=BOB)
    assert "Marked for Greatness (<@101>)" in text(status_embed(log.state))


def test_roster_lists_cards_in_order_and_explains_an_empty_one(log: Log) -> None:
    embed = roster_embed(log.state, ALICE)
    lines = (embed.description or "").splitlines()
    assert lines[0] == "<@101> — 10/50 PL · 2 cards"
    assert lines[1].startswith("**Intercessors** — Battle-ready (0 XP) · 5 PL · ★0 honours")
    assert "**Captain** — Battle-ready (5 XP)" in lines[2] and "★1 honours" in lines[2]
    assert "✖1 scars · 0 battles, 0 survived" in text(roster_embed(log.state, BOB))
    assert "/campaign unit add" in text(roster_embed(log.state, 999))


def test_card_shows_rank_progress_profile_weapons_and_caps(log: Log) -> None:
    captain = text(card_embed(log.state, log.state.cards["captain"]))
    assert "**Battle-ready** (5 XP; 1 XP to Blooded)" in captain
    assert "Battle honours (1/6)" in captain and "★ Iron Will" in captain
    assert "Keywords: INFANTRY, CHARACTER" in captain and "Sv -" in captain
    gun = Weapon(name="Bolt rifle", range='24"', attacks="2", strength="4", ap=-1)
    profile = UnitProfile(name="Vets", save=3, invuln=4, fnp=5, weapons=(gun,))
    vets = card("Vets", xp=20, scars=("Fatigued",), notes="Held the line")
    vets = vets.model_copy(update={"profile": profile})
    shown = text(card_embed(log.state, vets))
    assert "XP capped at 30 (not a CHARACTER)" in shown and "Battle-hardened" in shown
    assert "Sv 3+ · 4++ · FNP 5+" in shown and '**Bolt rifle** (24") A2 3+ S4 AP-1 D1' in shown
    assert "Battle scars (1/3)" in shown and "Held the line" in shown


def test_standings_rank_players_with_results_and_vp() -> None:
    assert "No battles yet" in text(standings_embed(Log().state))
    lines = (standings_embed(played().state).description or "").splitlines()
    assert lines[1] == "**1.** <@101> — 1-0-0 · VP 70–40 (+30)"
    assert lines[2] == "**2.** <@202> — 0-1-0 · VP 40–70 (-30)"


def test_history_is_newest_first_with_notes_and_a_limit(log: Log) -> None:
    assert "/game start campaign:" in text(history_embed(log.state))
    fought(log, mission="Only War", destroyed=["Intercessors"], faces=(4,))
    for player in (ALICE, BOB):
        log.do(mark, player, None, actor=player)
    log.append(advance(log.state, ScriptedDice(())))
    log.do(name_honour, "Captain", "Grim Resolve", actor=ALICE)
    log.append(advance(log.state, ScriptedDice(())))
    fought(log, winner=None)
    shown = history_embed(log.state).description or ""
    assert shown.index("**Battle 2**") < shown.index(
        "**Battle 1** — Only War — <@101> wins (60–45 VP)"
    )
    assert "<@101> and <@202> draw (60–45 VP)" in shown and "Destroyed: Intercessors" in shown
    assert "*The Boyz held the bridge.*" in text(history_embed(played().state))
    assert "… and 1 older battles" in text(history_embed(log.state, limit=1))


def since(log: Log, seen: int) -> list[Recorded]:
    """The records appended after the first `seen`: what one action did."""
    return log.records[seen:]


def test_out_of_action_step_shows_roll_and_what_each_choice_costs(log: Log) -> None:
    fielded = {p: [c.name for c in log.state.roster(p)] for p in (ALICE, BOB)}
    seen = len(log.records)
    log.battle(fielded=fielded, destroyed=["Captain", "Boyz"], vp={ALICE: 60, BOB: 45})
    log.append(advance(log.state, ScriptedDice((1, 1))))
    step = pending(log.state)
    assert step is not None and step.card == "Captain"
    shown = text(next_embed(log.state, step, since(log, seen)))
    assert "After battle 1 — Out of Action" in shown and "(rolled a 1)" in shown
    assert "latest Battle Honour, **Iron Will**" in shown and "Crippling Damage" in shown
    assert "Battle recorded\n**Battle 1** — <@101> wins (60–45 VP)" in shown
    assert "Out of Action tests\nCaptain: 1, failed\nBoyz: 1, failed" in shown
    assert "awaiting" not in shown
    log.do(choose, "Captain", "devastating_blow", actor=ALICE)
    step = pending(log.state)
    assert step is not None
    shown = text(step_embed(log.state, step))
    assert "**removed from the roster**" in shown and "Fatigued" not in shown  # it has it
    assert "Captain" not in shown and "Battle 1 —" not in shown  # only this step, nothing before


def test_out_of_action_step_with_three_scars_offers_only_the_devastating_blow(log: Log) -> None:
    scarred = card("Boyz", BOB, scars=("Fatigued", "Disgraced", "Deep Scars"))
    log.append(edit_card(log.state, "Boyz", scarred, actor=BOB))
    fought(log, faces=(1,), destroyed=["Boyz"])
    step = pending(log.state)
    assert step is not None
    assert "has 3 Battle Scars, so only the Devastating Blow" in text(step_embed(log.state, step))


def said(entry: Recorded) -> str:
    """What an answered step's message says (its description)."""
    embed = answered_embed(entry)
    assert embed is not None, entry.event.kind
    return embed.description or ""


def test_an_answered_step_shows_its_choice_instead_of_its_question(log: Log) -> None:
    """Crusade "Out of Action tests": the unit suffers a Devastating Blow or gains a Battle Scar;
    once chosen, the choice replaces the question (and its buttons) on the step's message."""
    fought(log, faces=(1, 1), destroyed=["Captain", "Boyz"])
    seen = len(log.records)
    log.do(choose, "Captain", "devastating_blow", actor=ALICE)
    [blow] = since(log, seen)
    assert (answered_embed(blow) or discord.Embed()).title == "After battle 1 — Out of Action ✔"
    assert said(blow) == (
        "**Captain**: <@101> chose the Devastating Blow; it loses its Battle Honour **Iron Will**."
    )
    seen = len(log.records)
    log.do(choose, "Boyz", "battle_scar", "Disgraced", actor=BOB)
    assert said(since(log, seen)[0]) == "**Boyz**: <@202> chose the Battle Scar **Disgraced**."
    seen = len(log.records)
    log.do(mark, ALICE, "Captain", actor=ALICE)
    log.do(mark, BOB, None, actor=ALICE, admin=True)  # an admin, for Bob
    mine, bobs = since(log, seen)[:2]
    assert said(mine) == "<@101> marked **Captain** for greatness."
    assert said(bobs) == "<@202> marked no unit this time (chosen by <@101>)."
    log.append(advance(log.state, ScriptedDice(())))
    assert answered_embed(log.records[-1]) is None  # Vox's experience answers no question


def test_marked_and_honour_steps_ask_their_player_with_only_what_just_changed(log: Log) -> None:
    fought(log, faces=(3,), destroyed=["Boyz"])
    step = pending(log.state)
    assert step is not None and step.kind == "marked_for_greatness"
    shown = text(step_embed(log.state, step))
    assert "<@101>, mark one of your units that fought for greatness (+3 XP)" in shown
    assert "• Intercessors\n• Captain" in shown and "Out of Action" not in shown
    log.do(mark, ALICE, "Intercessors", actor=ALICE)
    seen = len(log.records)
    log.do(mark, BOB, None, actor=BOB)
    log.append(advance(log.state, ScriptedDice(())))
    step = pending(log.state)
    assert step is not None and step.kind == "battle_honour"
    shown = text(next_embed(log.state, step, since(log, seen)))
    assert "After battle 1 — Battle honour" in shown
    assert "**Captain** reached **Blooded**. <@101>, name its Battle Honour." in shown
    assert "Captain +1 XP (6 XP) — ranked up to **Blooded**" in shown
    assert "Intercessors +4 XP (4 XP)\n" in shown and "Boyz +1 XP (1 XP)" in shown
    assert "Marked" not in shown and "Out of Action" not in shown  # earlier steps' messages


def test_the_end_of_the_sequence_shows_only_its_last_steps(log: Log) -> None:
    fought(log, faces=(1,), destroyed=["Boyz"])
    log.do(choose, "Boyz", "devastating_blow", actor=BOB)
    log.do(mark, ALICE, "Captain", actor=ALICE)
    log.append(advance(log.state, ScriptedDice(())))
    seen = len(log.records)
    log.do(name_honour, "Captain", "Grim Resolve", actor=ALICE)
    log.append(advance(log.state, ScriptedDice(())))
    assert log.state.aftermath is None
    shown = text(done_embed(log.state, 1, since(log, seen)))
    assert shown.startswith("✅ After battle 1 — done")
    assert "Requisition\n<@101> +0 RP (now 5/5)\n<@202> +0 RP (now 5/5)" in shown  # the 9th cap
    assert "Grim Resolve" not in shown and "Boyz" not in shown and "Experience" not in shown
    assert "/campaign standings" in shown


def test_a_conceded_battle_says_so_in_history_and_standings() -> None:
    """/game end concede:true: the player who concedes loses, and the campaign says so."""
    log = Log()
    log.battle(winner=BOB, conceded=ALICE, vp={ALICE: 10, BOB: 5})
    shown = history_embed(log.state).description or ""
    assert "<@202> wins by concession (<@101> conceded; 5–10 VP)" in shown
    lines = (standings_embed(log.state).description or "").splitlines()
    assert lines[1] == "**1.** <@202> — 1-0-0 · VP 5–10 (-5)"
    assert lines[2] == "**2.** <@101> — 0-1-0 · VP 10–5 (+5) · conceded 1 battle"


LONG = "X" * 50


def big_state() -> CampaignState:
    """60 cards with long names, notes, weapons and honours; 50 battles; an open aftermath."""
    state = Log("10th").state
    gun = Weapon(name=f"{LONG} gun", abilities="A" * 200)
    profile = UnitProfile(name="Big", keywords=tuple(f"K{i}{LONG}" for i in range(30)))
    profile = profile.model_copy(update={"weapons": (gun,) * 20})
    cards = {}
    for i in range(60):
        owner = ALICE if i % 2 else BOB
        honours = tuple(f"{LONG}{h}" for h in range(10))
        c = card(f"{LONG}{i:02}", owner, honours=honours, scars=honours, notes="N" * 200)
        cards[c.key] = c.model_copy(update={"profile": profile, "xp": 40})
    names = {p: tuple(c.name for c in cards.values() if c.owner == p) for p in (ALICE, BOB)}
    fight = {"players": (ALICE, BOB), "winner": ALICE, "vp": {ALICE: 90, BOB: 10}}
    fight |= {"mission": "M" * 100, "note": "*" * 500, "fielded": names}
    battles = tuple(Battle(battle=n, destroyed=names[BOB], **fight) for n in range(1, 51))
    keys = list(cards)
    aftermath = Aftermath(
        battle=50, rolls={k: 1 + i % 6 for i, k in enumerate(keys)}, chosen=frozenset(keys[:10]),
        marked={ALICE: names[ALICE][0], BOB: None}, xp_awarded=True,
        ranked_up=dict.fromkeys(keys, "Legendary"), honoured=frozenset(keys), requisition=True,
    )  # fmt: skip
    return replace(state, cards=cards, battles=battles, aftermath=aftermath)


def test_every_embed_stays_within_discord_limits_for_a_big_campaign() -> None:
    state = big_state()
    some = next(iter(state.cards.values()))
    assert state.aftermath is not None
    ooa = pending(replace(state, aftermath=replace(state.aftermath, chosen=frozenset())))
    assert ooa is not None and ooa.kind == "out_of_action"
    steps = [
        ooa,
        Step("marked_for_greatness", 50, None, ALICE, tuple(c.name for c in state.cards.values())),
        Step("battle_honour", 50, some.name, some.owner, rank="Legendary"),
    ]
    big = state.battles[-1]
    happened: list[Event] = [
        BattleRecorded(battle=big),
        *(OutOfActionRolled(battle=50, card=c.name, roll=1) for c in state.cards.values()),
        ExperienceAwarded(battle=50, awards=tuple(Award(card=c.name, amount=6) for c in
                                                   state.cards.values())),
        RequisitionGranted(battle=50, amounts={ALICE: 1, BOB: 1}),
    ]  # fmt: skip
    appended = [Recorded(i, None, "", e) for i, e in enumerate(happened, 1)]
    embeds = [
        status_embed(state), roster_embed(state, ALICE), card_embed(state, some),
        standings_embed(state), history_embed(state), history_embed(state, limit=50),
        done_embed(state, 50, appended), done_embed(replace(state, aftermath=None), 50, appended),
        *(next_embed(state, s, appended) for s in steps),
    ]  # fmt: skip
    for embed in embeds:
        assert len(embed.title or "") <= 256
        assert len(embed.description or "") <= 4096
        assert len(embed.fields) <= 25
        assert all(len(f.name or "") <= 256 and len(f.value or "") <= 1024 for f in embed.fields)
        assert len(embed) <= 6000, embed.title
    assert "… and" in (roster_embed(state, ALICE).description or "")
    assert "older battles" in (history_embed(state, limit=50).description or "")
