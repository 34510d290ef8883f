<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>App</name>
    <message>
        <source>bigcity: no folder only you can enter can hold the socket that hands files to a running window ({folders} belong to someone else or are open to others); this window runs on its own.</source>
        <translation>bigcity: Kein Ordner, den nur Sie betreten können, kann den Socket aufnehmen, über den Dateien an ein laufendes Fenster gehen ({folders} gehören jemand anderem oder stehen anderen offen); dieses Fenster läuft für sich allein.</translation>
    </message>
</context>
<context>
    <name>Autosave</name>
    <message>
        <source>The autosaved game was saved by a newer version of Big City Desktop, which this version cannot open. {kept} Open it with the newer version.</source>
        <extracomment>the profile this process plays in (``bigcity --profile NAME``); &quot;&quot; is the default one</extracomment>
        <translation>Das automatisch gespeicherte Spiel stammt aus einer neueren Version von Big City Desktop, die diese Version nicht öffnen kann. {kept} Öffnen Sie es mit der neueren Version.</translation>
    </message>
    <message>
        <source>The autosaved game cannot be opened: {reason}. {kept}</source>
        <translation>Das automatisch gespeicherte Spiel lässt sich nicht öffnen: {reason}. {kept}</translation>
    </message>
    <message>
        <source>It stays as {file}; it could not be moved aside, so the next game will not be autosaved over it.</source>
        <translation>Es bleibt als {file} liegen; es konnte nicht beiseitegelegt werden, daher wird das nächste Spiel nicht darüber gespeichert.</translation>
    </message>
    <message>
        <source>It was kept as {file} in {folder}, and new games are autosaved beside it.</source>
        <translation>Es wurde als {file} in {folder} aufbewahrt; neue Spiele werden daneben automatisch gespeichert.</translation>
    </message>
</context>
<context>
    <name>Board</name>
    <message>
        <source>Outside the city.</source>
        <translation>Außerhalb der Stadt.</translation>
    </message>
    <message>
        <source>: the neighborhood can go here</source>
        <translation>: der Stadtteil kann hier hin</translation>
    </message>
    <message>
        <source>: the neighborhood cannot go here</source>
        <translation>: der Stadtteil kann hier nicht hin</translation>
    </message>
    <message>
        <source>Street between properties {a} and {b}</source>
        <translation>Straße zwischen den Grundstücken {a} und {b}</translation>
    </message>
    <message>
        <source>Street at the edge of property {p}</source>
        <translation>Straße am Rand von Grundstück {p}</translation>
    </message>
    <message>
        <source>Street outside the city</source>
        <translation>Straße außerhalb der Stadt</translation>
    </message>
    <message>
        <source>, a streetcar runs here</source>
        <translation>, hier fährt eine Straßenbahn</translation>
    </message>
    <message>
        <source>: a streetcar can go here</source>
        <translation>: hier kann eine Straßenbahn hin</translation>
    </message>
    <message>
        <source>: no streetcar can go here</source>
        <translation>: hier kann keine Straßenbahn hin</translation>
    </message>
</context>
<context>
    <name>BoardDrag</name>
    <message>
        <source>The piece went back: it was let go off the board.</source>
        <translation>Das Teil ist zurückgelegt: Es wurde neben dem Spielfeld losgelassen.</translation>
    </message>
</context>
<context>
    <name>BoardLabel</name>
    <message>
        <source>Residence</source>
        <extracomment>the short labels painted on buildings (scene.style), for the translators; shown through translate(&quot;BoardLabel&quot;, ...)</extracomment>
        <translation>Wohnhaus</translation>
    </message>
    <message>
        <source>Business</source>
        <translation>Geschäft</translation>
    </message>
    <message>
        <source>City Hall</source>
        <translation>Rathaus</translation>
    </message>
    <message>
        <source>Church</source>
        <translation>Kirche</translation>
    </message>
    <message>
        <source>Cinema</source>
        <translation>Kino</translation>
    </message>
    <message>
        <source>Post</source>
        <translation>Post</translation>
    </message>
    <message>
        <source>Bank</source>
        <translation>Bank</translation>
    </message>
    <message>
        <source>Mall</source>
        <translation>Kaufhaus</translation>
    </message>
    <message>
        <source>Park</source>
        <translation>Park</translation>
    </message>
    <message>
        <source>Factory</source>
        <translation>Fabrik</translation>
    </message>
</context>
<context>
    <name>BotNames</name>
    <message>
        <source>Pip</source>
        <translation>Pip</translation>
    </message>
    <message>
        <source>Rosie</source>
        <translation>Rosie</translation>
    </message>
    <message>
        <source>Otto</source>
        <translation>Otto</translation>
    </message>
    <message>
        <source>Lina</source>
        <translation>Lina</translation>
    </message>
    <message>
        <source>Tom</source>
        <translation>Tom</translation>
    </message>
    <message>
        <source>Bea</source>
        <translation>Bea</translation>
    </message>
    <message>
        <source>Carl</source>
        <translation>Carl</translation>
    </message>
    <message>
        <source>Dora</source>
        <translation>Dora</translation>
    </message>
    <message>
        <source>Emil</source>
        <translation>Emil</translation>
    </message>
    <message>
        <source>Frida</source>
        <translation>Frida</translation>
    </message>
    <message>
        <source>Greta</source>
        <translation>Greta</translation>
    </message>
    <message>
        <source>Viktor</source>
        <translation>Viktor</translation>
    </message>
    <message>
        <source>Ada</source>
        <translation>Ada</translation>
    </message>
    <message>
        <source>Magnus</source>
        <translation>Magnus</translation>
    </message>
    <message>
        <source>Irene</source>
        <translation>Irene</translation>
    </message>
    <message>
        <source>Lucky</source>
        <translation>Glückspilz</translation>
    </message>
    <message>
        <source>Dice</source>
        <translation>Würfel</translation>
    </message>
    <message>
        <source>Joker</source>
        <translation>Joker</translation>
    </message>
    <message>
        <source>Coin</source>
        <translation>Münze</translation>
    </message>
    <message>
        <source>Whim</source>
        <translation>Laune</translation>
    </message>
    <message>
        <source>Bot</source>
        <translation>Bot</translation>
    </message>
</context>
<context>
    <name>CityScene</name>
    <message>
        <source>centre</source>
        <translation>Innenstadt</translation>
    </message>
    <message>
        <source>There is no legal spot for this piece now.</source>
        <translation>Für dieses Teil gibt es jetzt keinen erlaubten Platz.</translation>
    </message>
    <message>
        <source>No street can take a streetcar now.</source>
        <extracomment>the piece in hand is held up over the board, and settles when put down (scene/lift.py)</extracomment>
        <translation>Keine Straße kann jetzt eine Straßenbahn aufnehmen.</translation>
    </message>
    <message>
        <source>{name} on {where}: {score} points</source>
        <translation>{name} auf {where}: {score} Punkte</translation>
    </message>
    <message>
        <source>{name} on {where}</source>
        <translation>{name} auf {where}</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <source>{building}: every cell must be a property of the city</source>
        <extracomment>the drag-and-drop payloads the scene accepts: &quot;btype:size&quot; and &quot;number[:rotation]&quot; how near (scene units of the plan) the pointer must come to a legal spot&apos;s lot for the carried piece to snap onto it: a little under half a cell, so the pointer in the middle of a lot never snaps to its neighbour the pointer (plan coordinates) when the mouse moved the piece last; None: the keyboard did the piece sits on a legal spot it snapped to (the pointer is near it, not on it)</extracomment>
        <translation>{building}: Jedes Feld muss ein Grundstück der Stadt sein</translation>
    </message>
    <message>
        <source>neighborhood {n} cannot go there</source>
        <translation>Stadtteil {n} passt dort nicht hin</translation>
    </message>
    <message>
        <source>No streetcar can go on that street now.</source>
        <translation>Auf diese Straße kann jetzt keine Straßenbahn.</translation>
    </message>
</context>
<context>
    <name>CityView</name>
    <message>
        <source>&amp;City view</source>
        <extracomment>the setting that remembers the view: &quot;plan&quot; or &quot;city&quot;</extracomment>
        <translation>&amp;Stadtansicht</translation>
    </message>
    <message>
        <source>Show the city as a model city, or as the plan</source>
        <translation>Die Stadt als Modellstadt oder als Plan zeigen</translation>
    </message>
    <message>
        <source>City view / plan (F3)</source>
        <translation>Stadtansicht / Plan (F3)</translation>
    </message>
    <message>
        <source>Turn the city &amp;left</source>
        <translation>Stadt nach &amp;links drehen</translation>
    </message>
    <message>
        <source>Turn the city left (,)</source>
        <translation>Stadt nach links drehen (,)</translation>
    </message>
    <message>
        <source>Turn the city &amp;right</source>
        <translation>Stadt nach &amp;rechts drehen</translation>
    </message>
    <message>
        <source>Turn the city right (.)</source>
        <translation>Stadt nach rechts drehen (.)</translation>
    </message>
    <message>
        <source>Show &amp;scores</source>
        <translation>&amp;Punkte zeigen</translation>
    </message>
    <message>
        <source>Show each building&apos;s score on a disc</source>
        <translation>Die Punkte jedes Gebäudes auf einer Scheibe zeigen</translation>
    </message>
    <message>
        <source>City</source>
        <extracomment>pixels at the top of the board kept free of the fitted city (a banner over it)</extracomment>
        <translation>Stadt</translation>
    </message>
</context>
<context>
    <name>Coach</name>
    <message>
        <source>Coach</source>
        <extracomment>the coach&apos;s colour: the ring, the arrow and the lit spots of a lesson</extracomment>
        <translation>Trainer</translation>
    </message>
</context>
<context>
    <name>Continue</name>
    <message>
        <source>just now</source>
        <extracomment>the longest the list draws thumbnails at a time, before the window redraws (seconds) thumbnails are drawn down to this many rows below the last one in view (the rest when scrolled to)</extracomment>
        <translation>gerade eben</translation>
    </message>
    <message>
        <source>{n} minutes ago</source>
        <translation>vor {n} Minuten</translation>
    </message>
    <message>
        <source>today at {time}</source>
        <translation>heute um {time}</translation>
    </message>
    <message>
        <source>yesterday at {time}</source>
        <translation>gestern um {time}</translation>
    </message>
    <message>
        <source>{players}</source>
        <translation>{players}</translation>
    </message>
    <message>
        <source>finished: the results are still to be seen</source>
        <translation>beendet: das Ergebnis steht noch aus</translation>
    </message>
    <message>
        <source>round {round}</source>
        <translation>Runde {round}</translation>
    </message>
    <message>
        <source>last played {when}</source>
        <translation>zuletzt gespielt {when}</translation>
    </message>
    <message>
        <source>open in another window</source>
        <translation>in einem anderen Fenster geöffnet</translation>
    </message>
    <message>
        <source>A damaged game, last played {when}</source>
        <translation>Ein beschädigtes Spiel, zuletzt gespielt {when}</translation>
    </message>
    <message>
        <source>It cannot be continued: {reason}.</source>
        <translation>Es kann nicht fortgesetzt werden: {reason}.</translation>
    </message>
    <message>
        <source>Its file is kept as {file}</source>
        <translation>Seine Datei bleibt erhalten als {file}</translation>
    </message>
    <message>
        <source>in {folder}.</source>
        <translation>in {folder}.</translation>
    </message>
    <message>
        <source>This game cannot be continued ({reason}); its file is kept as {file} in {folder}.</source>
        <translation>Dieses Spiel kann nicht fortgesetzt werden ({reason}); seine Datei bleibt als {file} in {folder} erhalten.</translation>
    </message>
    <message>
        <source>Rejoin {table}?</source>
        <translation>Zurück an {table}?</translation>
    </message>
    <message>
        <source>at {address}, last seen {when}</source>
        <translation>bei {address}, zuletzt gesehen {when}</translation>
    </message>
    <message>
        <source>Continue a game</source>
        <translation>Ein Spiel fortsetzen</translation>
    </message>
    <message>
        <source>Saved games</source>
        <translation>Gespeicherte Spiele</translation>
    </message>
    <message>
        <source>&amp;Continue</source>
        <translation>&amp;Fortsetzen</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>&amp;Löschen…</translation>
    </message>
    <message>
        <source>&amp;New game…</source>
        <translation>&amp;Neues Spiel…</translation>
    </message>
    <message>
        <source>Rejoin {table}? Your seat there is kept until its game ends.</source>
        <translation>Zurück an {table}? Ihr Platz dort bleibt Ihnen, bis das Spiel endet.</translation>
    </message>
    <message>
        <source>Your saved games cannot be kept: {problem}</source>
        <translation>Ihre gespeicherten Spiele können nicht aufbewahrt werden: {problem}</translation>
    </message>
    <message>
        <source>A saved game was found damaged: it cannot be continued, and its file is kept aside (never deleted).</source>
        <translation>Ein gespeichertes Spiel ist beschädigt: Es kann nicht fortgesetzt werden, und seine Datei wurde beiseitegelegt (nie gelöscht).</translation>
    </message>
    <message>
        <source>Looking for your unfinished games: {read} of {total} read…</source>
        <translation>Ihre nicht beendeten Spiele werden gesucht: {read} von {total} gelesen…</translation>
    </message>
    <message>
        <source>Every game you have not finished is kept here, newest first.</source>
        <translation>Jedes Spiel, das Sie nicht beendet haben, wird hier aufbewahrt, das neueste zuerst.</translation>
    </message>
    <message>
        <source>There is no unfinished game: every game you start is kept here until it ends.</source>
        <translation>Es gibt kein unbeendetes Spiel: Jedes Spiel, das Sie beginnen, wird hier aufbewahrt, bis es endet.</translation>
    </message>
    <message>
        <source>&amp;Rejoin</source>
        <translation>&amp;Zurückkehren</translation>
    </message>
    <message>
        <source>&amp;Forget…</source>
        <translation>&amp;Vergessen…</translation>
    </message>
    <message>
        <source>&amp;Dismiss</source>
        <translation>&amp;Ausblenden</translation>
    </message>
    <message>
        <source>Delete this game?</source>
        <translation>Dieses Spiel löschen?</translation>
    </message>
    <message>
        <source>Delete the game of {players}? It cannot be brought back.</source>
        <translation>Das Spiel von {players} löschen? Es lässt sich nicht zurückholen.</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Forget this seat?</source>
        <translation>Diesen Platz vergessen?</translation>
    </message>
    <message>
        <source>{state}, scores {scores}</source>
        <translation>{state}, Punkte {scores}</translation>
    </message>
    <message>
        <source>network game of {n} players, seat {seat} as {name}</source>
        <translation>Netzwerkspiel mit {n} Spielern, Platz {seat} als {name}</translation>
    </message>
    <message>
        <source>Forget your seat at {table}? It is offered here no more; the table keeps it until its host hands it to a bot.</source>
        <translation>Ihren Platz an {table} vergessen? Er wird hier nicht mehr angeboten; der Tisch hält ihn frei, bis der Gastgeber ihn einem Bot gibt.</translation>
    </message>
    <message>
        <source>Forget</source>
        <translation>Vergessen</translation>
    </message>
</context>
<context>
    <name>Crash</name>
    <message>
        <source>Something went wrong</source>
        <translation>Etwas ist schiefgegangen</translation>
    </message>
    <message>
        <source>Big City Desktop met an error it did not expect. You can go on playing.</source>
        <translation>Big City Desktop ist auf einen unerwarteten Fehler gestoßen. Sie können weiterspielen.</translation>
    </message>
    <message>
        <source>Your game was saved first, to {file}: it is in Game → Continue.</source>
        <translation>Ihr Spiel wurde zuvor gespeichert, in {file}: Es steht unter Spiel → Fortsetzen.</translation>
    </message>
    <message>
        <source>A report was written to {file}.</source>
        <translation>Ein Bericht wurde in {file} geschrieben.</translation>
    </message>
    <message>
        <source>Copy the details to tell the developers what happened.</source>
        <translation>Kopieren Sie die Einzelheiten, um den Entwicklern zu schreiben, was geschehen ist.</translation>
    </message>
    <message>
        <source>Copy details</source>
        <translation>Einzelheiten kopieren</translation>
    </message>
</context>
<context>
    <name>Dialogs</name>
    <message>
        <source>Human</source>
        <translation>Mensch</translation>
    </message>
    <message>
        <source>Bot — {level}</source>
        <translation>Bot – {level}</translation>
    </message>
    <message>
        <source>You, or another person at this screen</source>
        <extracomment>what the &quot;Plays as&quot; menu&apos;s human choice means, shown as its tooltip (a bot level&apos;s is its description)</extracomment>
        <translation>Sie oder ein anderer Mensch an diesem Bildschirm</translation>
    </message>
    <message>
        <source>Takes the best building in sight</source>
        <translation>Nimmt das beste Gebäude, das sich bietet</translation>
    </message>
    <message>
        <source>Plays its own cards well, but often builds what helps your cards too</source>
        <translation>Spielt die eigenen Karten gut, baut aber oft, was auch Ihren Karten nützt</translation>
    </message>
    <message>
        <source>Weighs what each move gives the others and tries its best moves ahead; hands you little</source>
        <translation>Wägt, was jeder Zug den anderen bringt, und probiert seine besten Züge voraus; schenkt Ihnen wenig</translation>
    </message>
    <message>
        <source>Any legal move: for testing</source>
        <translation>Irgendein erlaubter Zug: zum Testen</translation>
    </message>
    <message>
        <source>Choose this player&apos;s colour</source>
        <translation>Farbe dieses Spielers wählen</translation>
    </message>
    <message>
        <source>Player colour</source>
        <translation>Spielerfarbe</translation>
    </message>
    <message>
        <source>{colour} is too dark: it would look like the streetcar. Choose a lighter colour.</source>
        <translation>{colour} ist zu dunkel: Die Farbe sähe aus wie die Straßenbahn. Wählen Sie eine hellere Farbe.</translation>
    </message>
    <message>
        <source>New game</source>
        <translation>Neues Spiel</translation>
    </message>
    <message>
        <source>Original (1999)</source>
        <translation>Original (1999)</translation>
    </message>
    <message>
        <source>20th Anniversary Jumbo (2019)</source>
        <translation>Jubiläums-Jumbo-Ausgabe (2019)</translation>
    </message>
    <message>
        <source>Edition:</source>
        <translation>Ausgabe:</translation>
    </message>
    <message>
        <source>Players:</source>
        <translation>Spieler:</translation>
    </message>
    <message>
        <source>random</source>
        <translation>zufällig</translation>
    </message>
    <message>
        <source>The same seed and the same moves give the same game</source>
        <translation>Gleicher Startwert und gleiche Züge ergeben das gleiche Spiel</translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation>Startwert:</translation>
    </message>
    <message>
        <source>Seats (in turn order)</source>
        <translation>Plätze (in Zugreihenfolge)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Name&lt;/b&gt;</source>
        <translation>&lt;b&gt;Name&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Plays as&lt;/b&gt;</source>
        <translation>&lt;b&gt;Spielt als&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Colour&lt;/b&gt;</source>
        <translation>&lt;b&gt;Farbe&lt;/b&gt;</translation>
    </message>
    <message>
        <source>{level} (random for now)</source>
        <translation>{level} (vorerst zufällig)</translation>
    </message>
    <message>
        <source>The game starts from the sandbox city ({n} neighborhoods placed); no setup placement.</source>
        <translation>Das Spiel beginnt mit der Stadt aus dem Sandkasten ({n} Stadtteile gelegt); keine Startaufstellung.</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Starten</translation>
    </message>
    <message>
        <source>Face of the {level} bot</source>
        <translation>Gesicht des Bots ({level})</translation>
    </message>
    <message>
        <source>Game over</source>
        <translation>Spielende</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;i&gt;Played with take-backs ({count} taken back).&lt;/i&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;i&gt;Mit Zurücknahmen gespielt ({count} zurückgenommen).&lt;/i&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h2&gt;{title}&lt;/h2&gt;&lt;p&gt;The game ended: {reason}.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;{title}&lt;/h2&gt;&lt;p&gt;Das Spiel endete: {reason}.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Place</source>
        <translation>Platz</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Punkte</translation>
    </message>
    <message>
        <source>Rules — {edition}</source>
        <translation>Regeln – {edition}</translation>
    </message>
    <message>
        <source>Save a copy to change…</source>
        <translation>Eine Kopie zum Ändern speichern…</translation>
    </message>
    <message>
        <source>A copy of this rules file to edit as house rules (open it in the sandbox)</source>
        <translation>Eine Kopie dieser Regeldatei, als Hausregeln zu bearbeiten (im Sandkasten zu öffnen)</translation>
    </message>
    <message>
        <source>Save a copy of the rules</source>
        <translation>Eine Kopie der Regeln speichern</translation>
    </message>
    <message>
        <source>Rules files (*.toml)</source>
        <translation>Regeldateien (*.toml)</translation>
    </message>
    <message>
        <source>The copy was not saved</source>
        <translation>Die Kopie wurde nicht gespeichert</translation>
    </message>
    <message>
        <source>The rules could not be copied to {file}: {reason}.</source>
        <translation>Die Regeln ließen sich nicht nach {file} kopieren: {reason}.</translation>
    </message>
    <message>
        <source>Pass the screen back to the player called “You”</source>
        <translation>Geben Sie den Bildschirm an den Spieler „Sie“ zurück</translation>
    </message>
    <message>
        <source>It is me: show my hand</source>
        <translation>Das bin ich: meine Hand zeigen</translation>
    </message>
    <message>
        <source>Pass the screen to {name}</source>
        <translation>Bildschirm an {name} weitergeben</translation>
    </message>
    <message>
        <source>I am {name}: show my hand</source>
        <translation>Ich bin {name}: meine Hand zeigen</translation>
    </message>
    <message>
        <source>&lt;p&gt;A desktop version of the board game &lt;i&gt;Big City&lt;/i&gt; by Franz-Benno Delonge (first edition 1999; 20th Anniversary Jumbo Edition 2019), for 2 to 5 players at one screen and against computer players.&lt;/p&gt;&lt;p&gt;Rules values marked &lt;i&gt;our reading&lt;/i&gt; in Help → Rules are this program&apos;s own choices where the rule book says nothing; the page says why for each.&lt;/p&gt;&lt;p&gt;Built with Python, Qt (PySide6) and pyqtgraph.&lt;/p&gt;&lt;p&gt;Licence: MIT. The installed game also carries Qt and PySide6 (LGPL 3) and other libraries under their own licences, listed in THIRD-PARTY-NOTICES.txt next to the program.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Eine Desktop-Umsetzung des Brettspiels &lt;i&gt;Big City&lt;/i&gt; von Franz-Benno Delonge (Erstausgabe 1999; Jubiläums-Jumbo-Ausgabe 2019) für 2 bis 5 Personen an einem Bildschirm und gegen Computerspieler.&lt;/p&gt;&lt;p&gt;Regelwerte, die unter Hilfe → Regeln als &lt;i&gt;unsere Lesart&lt;/i&gt; markiert sind, hat dieses Programm selbst gewählt, wo die Spielregel nichts sagt; die Seite sagt zu jedem, warum.&lt;/p&gt;&lt;p&gt;Erstellt mit Python, Qt (PySide6) und pyqtgraph.&lt;/p&gt;&lt;p&gt;Lizenz: MIT. Das installierte Spiel enthält außerdem Qt und PySide6 (LGPL 3) und weitere Bibliotheken unter ihren eigenen Lizenzen, aufgeführt in THIRD-PARTY-NOTICES.txt neben dem Programm.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>EndMoment</name>
    <message>
        <source>The end of the game</source>
        <translation>Das Ende des Spiels</translation>
    </message>
    <message>
        <source>Show the results</source>
        <translation>Ergebnisse zeigen</translation>
    </message>
    <message>
        <source>The results open by themselves once the scores are counted; a click or a key opens them now</source>
        <translation>Die Ergebnisse öffnen sich von selbst, sobald die Punkte gezählt sind; ein Klick oder eine Taste öffnet sie sofort</translation>
    </message>
    <message>
        <source>The game ended: {reason}.</source>
        <translation>Das Spiel endete: {reason}.</translation>
    </message>
</context>
<context>
    <name>EndView</name>
    <message>
        <source>{place}. {name}, {score} points</source>
        <translation>{place}. {name}, {score} Punkte</translation>
    </message>
    <message>
        <source>{score} points</source>
        <translation>{score} Punkte</translation>
    </message>
    <message>
        <source>The score race, round by round</source>
        <translation>Das Rennen um die Punkte, Runde für Runde</translation>
    </message>
    <message>
        <source>round {n}</source>
        <translation>Runde {n}</translation>
    </message>
    <message>
        <source>The finished city</source>
        <translation>Die fertige Stadt</translation>
    </message>
    <message>
        <source>Rematch</source>
        <translation>Revanche</translation>
    </message>
    <message>
        <source>The same players again, with new stacks</source>
        <translation>Dieselben Spieler noch einmal, mit neuen Stapeln</translation>
    </message>
    <message>
        <source>Home</source>
        <translation>Startseite</translation>
    </message>
    <message>
        <source>Back to the home screen: continue a game, a new one, a lesson</source>
        <translation>Zurück zur Startseite: ein Spiel fortsetzen, ein neues, eine Lektion</translation>
    </message>
    <message>
        <source>Replay</source>
        <translation>Wiedergabe</translation>
    </message>
    <message>
        <source>Best moves</source>
        <translation>Beste Züge</translation>
    </message>
    <message>
        <source>{move} (round {round})</source>
        <translation>{move} (Runde {round})</translation>
    </message>
</context>
<context>
    <name>Engine</name>
    <message>
        <source>one</source>
        <translation>eins</translation>
    </message>
    <message>
        <source>two</source>
        <translation>zwei</translation>
    </message>
    <message>
        <source>three</source>
        <translation>drei</translation>
    </message>
    <message>
        <source>four</source>
        <translation>vier</translation>
    </message>
    <message>
        <source>five</source>
        <translation>fünf</translation>
    </message>
    <message>
        <source>not legal here</source>
        <translation>hier nicht erlaubt</translation>
    </message>
    <message>
        <source>{a} or {b}</source>
        <translation>{a} oder {b}</translation>
    </message>
    <message>
        <source>{who} cannot stand here</source>
        <translation>{who} kann hier nicht stehen</translation>
    </message>
    <message>
        <source>there is no neighborhood {tile}</source>
        <translation>es gibt keinen Stadtteil {tile}</translation>
    </message>
    <message>
        <source>a rotation is 0, 1, 2 or 3 quarter turns</source>
        <translation>eine Drehung ist 0, 1, 2 oder 3 Vierteldrehungen</translation>
    </message>
    <message>
        <source>neighborhood {tile} is already in the city</source>
        <translation>Stadtteil {tile} liegt schon in der Stadt</translation>
    </message>
    <message>
        <source>at least two properties of neighborhood {tile} must lie next to the city (here one does)</source>
        <translation>mindestens zwei Grundstücke von Stadtteil {tile} müssen an die Stadt grenzen (hier nur eines)</translation>
    </message>
    <message>
        <source>{who} needs {n} adjacent {what} (this spot has {have})</source>
        <translation>{who} braucht {n} angrenzende {what} (hier: {have})</translation>
    </message>
    <message>
        <source>{who} must stand next to the streetcar line</source>
        <translation>{who} muss an der Straßenbahnlinie stehen</translation>
    </message>
    <message>
        <source>{who} must touch the outskirts</source>
        <translation>{who} muss an den Stadtrand grenzen</translation>
    </message>
    <message>
        <source>{who} must stand entirely in the city centre</source>
        <translation>{who} muss ganz in der Innenstadt stehen</translation>
    </message>
    <message>
        <source>{who} must touch the outskirts with {want} of its properties (here {n} do)</source>
        <translation>{who} muss mit {want} Grundstücken an den Stadtrand grenzen (hier: {n})</translation>
    </message>
    <message>
        <source>{who} may only stand on {props}</source>
        <translation>{who} darf nur auf {props} stehen</translation>
    </message>
    <message>
        <source>{who} must take the last free property of its neighborhood</source>
        <translation>{who} muss das letzte freie Grundstück im Stadtteil belegen</translation>
    </message>
    <message>
        <source>all streetcars are in the city</source>
        <translation>alle Straßenbahnen sind in der Stadt</translation>
    </message>
    <message>
        <source>that street is not in the city</source>
        <translation>diese Straße gehört nicht zur Stadt</translation>
    </message>
    <message>
        <source>a streetcar already runs on that street</source>
        <translation>auf dieser Straße fährt schon eine Straßenbahn</translation>
    </message>
    <message>
        <source>that street is covered by a building</source>
        <translation>diese Straße ist von einem Gebäude überbaut</translation>
    </message>
    <message>
        <source>the streetcar line may not close a loop or run into itself</source>
        <translation>die Straßenbahnlinie darf keinen Ring schließen und nicht in sich selbst laufen</translation>
    </message>
    <message>
        <source>a new streetcar must connect to the line</source>
        <translation>eine neue Straßenbahn muss an die Linie anschließen</translation>
    </message>
    <message>
        <source>the line may not branch: extend it at one of its two ends</source>
        <translation>die Linie darf sich nicht verzweigen: Verlängern Sie sie an einem ihrer beiden Enden</translation>
    </message>
    <message>
        <source>the city starts with neighborhood 1 at (0, 0), unturned</source>
        <translation>die Stadt beginnt mit Stadtteil 1 bei (0, 0), ungedreht</translation>
    </message>
    <message>
        <source>neighborhood {tile} would overlap property {prop}</source>
        <translation>Stadtteil {tile} würde Grundstück {prop} überdecken</translation>
    </message>
    <message>
        <source>at least two properties of neighborhood {tile} must lie next to the city (here none do)</source>
        <translation>mindestens zwei Grundstücke von Stadtteil {tile} müssen an die Stadt grenzen (hier keines)</translation>
    </message>
    <message>
        <source>{who} needs an adjacent {what}</source>
        <translation>{who} braucht ein angrenzendes Gebäude: {what}</translation>
    </message>
    <message>
        <source>City Hall may not be built in the outskirts</source>
        <translation>das Rathaus darf nicht am Stadtrand gebaut werden</translation>
    </message>
    <message>
        <source>{who} can only be built once City Hall stands</source>
        <translation>{who} kann erst gebaut werden, wenn das Rathaus steht</translation>
    </message>
    <message>
        <source>exactly {n}</source>
        <translation>genau {n}</translation>
    </message>
    <message>
        <source>{who} must touch the outskirts with {want} of its properties (here 1 does)</source>
        <translation>{who} muss mit {want} Grundstücken an den Stadtrand grenzen (hier: 1)</translation>
    </message>
    <message>
        <source>there is no building called {building}</source>
        <translation>es gibt kein Gebäude namens {building}</translation>
    </message>
    <message>
        <source>a building needs at least one property</source>
        <translation>ein Gebäude braucht mindestens ein Grundstück</translation>
    </message>
    <message>
        <source>a property is named twice</source>
        <translation>ein Grundstück ist doppelt genannt</translation>
    </message>
    <message>
        <source>{building} covers {sizes} properties, not {n}</source>
        <translation>{building} belegt {sizes} Grundstücke, nicht {n}</translation>
    </message>
    <message>
        <source>properties {props} do not form the shape of {building}</source>
        <translation>die Grundstücke {props} bilden nicht die Form für {building}</translation>
    </message>
    <message>
        <source>no {buildings} are left in the supply</source>
        <translation>im Vorrat sind keine {buildings} mehr</translation>
    </message>
    <message>
        <source>{a} to {b}</source>
        <translation>{a} bis {b}</translation>
    </message>
    <message>
        <source>there is no property {prop}</source>
        <translation>es gibt kein Grundstück {prop}</translation>
    </message>
    <message>
        <source>property {prop} already holds {building}</source>
        <translation>Grundstück {prop} ist schon bebaut ({building})</translation>
    </message>
    <message>
        <source>property {prop} is not in the city yet (neighborhood {tile} has not been placed)</source>
        <translation>Grundstück {prop} ist noch nicht in der Stadt (Stadtteil {tile} wurde noch nicht gelegt)</translation>
    </message>
    <message>
        <source>a streetcar runs between {a} and {b}</source>
        <translation>zwischen {a} und {b} fährt eine Straßenbahn</translation>
    </message>
    <message>
        <source>property {prop} is reserved for City Hall</source>
        <translation>Grundstück {prop} ist für das Rathaus reserviert</translation>
    </message>
    <message>
        <source>a layout</source>
        <translation>eine Anordnung</translation>
    </message>
    <message>
        <source>a game record</source>
        <translation>eine Spielaufzeichnung</translation>
    </message>
    <message>
        <source>a rules file</source>
        <translation>eine Regeldatei</translation>
    </message>
    <message>
        <source>not valid JSON</source>
        <translation>kein gültiges JSON</translation>
    </message>
    <message>
        <source>it is larger than {cap}, the limit for {kind}</source>
        <translation>sie ist größer als {cap}, die Grenze für {kind}</translation>
    </message>
    <message>
        <source>cannot read it: {reason}</source>
        <translation>sie kann nicht gelesen werden: {reason}</translation>
    </message>
    <message>
        <source>cannot read it: not a file name</source>
        <translation>sie kann nicht gelesen werden: kein Dateiname</translation>
    </message>
    <message>
        <source>it is not a regular file, so it cannot be {kind}</source>
        <translation>sie ist keine gewöhnliche Datei und kann daher nicht {kind} sein</translation>
    </message>
    <message>
        <source>it is {size}; {kind} may be at most {cap}</source>
        <translation>sie ist {size} groß; {kind} darf höchstens {cap} groß sein</translation>
    </message>
    <message>
        <source>the file is not UTF-8 text</source>
        <translation>die Datei ist kein UTF-8-Text</translation>
    </message>
    <message>
        <source>{damaged} (line {line}, column {column}: {detail})</source>
        <translation>{damaged} (Zeile {line}, Spalte {column}: {detail})</translation>
    </message>
    <message>
        <source>arrays and objects are nested too deep (at most {n} levels are read)</source>
        <translation>Listen und Objekte sind zu tief verschachtelt (höchstens {n} Ebenen werden gelesen)</translation>
    </message>
    <message>
        <source>a layout is a JSON object</source>
        <translation>eine Anordnung ist ein JSON-Objekt</translation>
    </message>
    <message>
        <source>not a Big City layout (it has no format; expected {wanted})</source>
        <translation>keine Big-City-Anordnung (sie nennt kein Format; erwartet {wanted})</translation>
    </message>
    <message>
        <source>not a Big City layout (format is {found}, expected {wanted})</source>
        <translation>keine Big-City-Anordnung (Format ist {found}, erwartet {wanted})</translation>
    </message>
    <message>
        <source>unsupported layout version {version} (this program reads version {ours})</source>
        <translation>nicht unterstützte Anordnungsversion {version} (dieses Programm liest Version {ours})</translation>
    </message>
    <message>
        <source>{where}: there is no neighborhood {tile}</source>
        <translation>{where}: Es gibt keinen Stadtteil {tile}</translation>
    </message>
    <message>
        <source>{where}: {reason}</source>
        <translation>{where}: {reason}</translation>
    </message>
    <message>
        <source>{where}: there is no property {prop}</source>
        <translation>{where}: Es gibt kein Grundstück {prop}</translation>
    </message>
    <message>
        <source>the game goes on from a set position</source>
        <translation>das Spiel geht von einer festgelegten Stellung aus weiter</translation>
    </message>
    <message>
        <source>the file is damaged: not valid JSON</source>
        <translation>die Datei ist beschädigt: kein gültiges JSON</translation>
    </message>
    <message>
        <source>this is not a Big City game record</source>
        <translation>dies ist keine Big-City-Spielaufzeichnung</translation>
    </message>
    <message>
        <source>this game was saved by a newer version of the program (record version {version}); this one reads version {ours}</source>
        <translation>dieses Spiel wurde von einer neueren Version des Programms gespeichert (Aufzeichnungsversion {version}); diese liest Version {ours}</translation>
    </message>
    <message>
        <source>this game was saved in record version {version}; this program reads version {ours}</source>
        <translation>dieses Spiel wurde in Aufzeichnungsversion {version} gespeichert; dieses Programm liest Version {ours}</translation>
    </message>
    <message>
        <source>the scores stored in the record ({stored}) differ from those of its replay ({replayed}): the file was altered</source>
        <translation>die in der Aufzeichnung gespeicherten Punkte ({stored}) weichen von denen des Nachspielens ab ({replayed}): die Datei wurde verändert</translation>
    </message>
    <message>
        <source>the game cannot be set up: {reason}</source>
        <translation>das Spiel kann nicht aufgebaut werden: {reason}</translation>
    </message>
    <message>
        <source>opening the game was cancelled</source>
        <translation>das Öffnen des Spiels wurde abgebrochen</translation>
    </message>
    <message>
        <source>action {n} ({action}) is not legal at that point: {reason}</source>
        <translation>Aktion {n} ({action}) ist an dieser Stelle nicht erlaubt: {reason}</translation>
    </message>
    <message>
        <source>action {n} is damaged: {reason}</source>
        <translation>Aktion {n} ist beschädigt: {reason}</translation>
    </message>
    <message>
        <source>Type the server&apos;s address, such as table-host.local:47474.</source>
        <translation>Geben Sie die Adresse des Servers ein, zum Beispiel table-host.local:47474.</translation>
    </message>
    <message>
        <source>“{address}” is not a host name or address.</source>
        <translation>„{address}“ ist kein Rechnername und keine Adresse.</translation>
    </message>
    <message>
        <source>“{port}” is not a port (a number from 1 to 65535).</source>
        <translation>„{port}“ ist kein Port (eine Zahl von 1 bis 65535).</translation>
    </message>
    <message>
        <source>The server at {address} did not answer.</source>
        <translation>Der Server unter {address} hat nicht geantwortet.</translation>
    </message>
    <message>
        <source>The server at {address} sent another seat&apos;s view instead of yours, so the connection is closed.</source>
        <translation>Der Server unter {address} hat die Sicht eines anderen Platzes statt Ihrer geschickt, darum ist die Verbindung geschlossen.</translation>
    </message>
    <message>
        <source>An address starts with ws:// or wss://, not {scheme}://.</source>
        <translation>Eine Adresse beginnt mit ws:// oder wss://, nicht mit {scheme}://.</translation>
    </message>
    <message>
        <source>“{address}” names no host.</source>
        <translation>„{address}“ nennt keinen Rechner.</translation>
    </message>
    <message>
        <source>“{address}” has no valid port.</source>
        <translation>„{address}“ hat keinen gültigen Port.</translation>
    </message>
    <message>
        <source>place one of the starting neighborhoods first</source>
        <translation>legen Sie zuerst einen der Start-Stadtteile</translation>
    </message>
    <message>
        <source>choose an action first</source>
        <translation>wählen Sie zuerst eine Aktion</translation>
    </message>
    <message>
        <source>place a second streetcar or stop</source>
        <translation>legen Sie eine zweite Straßenbahn oder hören Sie auf</translation>
    </message>
    <message>
        <source>draw the cards for the exchange first</source>
        <translation>ziehen Sie zuerst die Karten für den Tausch</translation>
    </message>
    <message>
        <source>draw cards to refill the hand first</source>
        <translation>ziehen Sie zuerst Karten nach</translation>
    </message>
    <message>
        <source>offer cards for redevelopment first</source>
        <translation>bieten Sie zuerst Karten für die Sanierung an</translation>
    </message>
    <message>
        <source>take a redevelopment card first</source>
        <translation>nehmen Sie zuerst eine Sanierungskarte</translation>
    </message>
    <message>
        <source>discarded useless cards {cards}</source>
        <translation>nutzlose Karten {cards} abgeworfen</translation>
    </message>
    <message>
        <source>New neighborhoods can be placed only once City Hall is built</source>
        <translation>Neue Stadtteile können erst gelegt werden, wenn das Rathaus gebaut ist</translation>
    </message>
    <message>
        <source>New neighborhoods can be placed from the next turn on (City Hall was built this turn)</source>
        <translation>Neue Stadtteile können ab dem nächsten Zug gelegt werden (das Rathaus wurde in diesem Zug gebaut)</translation>
    </message>
    <message>
        <source>Streetcars can be placed only once City Hall is built</source>
        <translation>Straßenbahnen können erst gelegt werden, wenn das Rathaus gebaut ist</translation>
    </message>
    <message>
        <source>Streetcars can be placed from the next turn on (City Hall was built this turn)</source>
        <translation>Straßenbahnen können ab dem nächsten Zug gelegt werden (das Rathaus wurde in diesem Zug gebaut)</translation>
    </message>
    <message>
        <source>{building} can be built from the next turn on (City Hall was built this turn)</source>
        <translation>{building} kann ab dem nächsten Zug gebaut werden (das Rathaus wurde in diesem Zug gebaut)</translation>
    </message>
    <message>
        <source>the edge</source>
        <translation>dem Rand</translation>
    </message>
    <message>
        <source>discarded useless card {cards}</source>
        <translation>nutzlose Karte {cards} abgeworfen</translation>
    </message>
    <message>
        <source>{name} is the start player</source>
        <translation>{name} ist Startspieler</translation>
    </message>
    <message>
        <source>{building} can be built only once City Hall is built</source>
        <translation>{building} kann erst gebaut werden, wenn das Rathaus gebaut ist</translation>
    </message>
    <message>
        <source>the game is over</source>
        <translation>das Spiel ist vorbei</translation>
    </message>
    <message>
        <source>it is {name}&apos;s turn, not {other}&apos;s</source>
        <translation>{name} ist am Zug, nicht {other}</translation>
    </message>
    <message>
        <source>unknown action {action}</source>
        <translation>unbekannte Aktion {action}</translation>
    </message>
    <message>
        <source>not now</source>
        <translation>nicht jetzt</translation>
    </message>
    <message>
        <source>there is no streetcar action to end</source>
        <translation>es gibt keine Straßenbahn-Aktion zu beenden</translation>
    </message>
    <message>
        <source>choose at least one card to exchange</source>
        <translation>wählen Sie mindestens eine Karte zum Tauschen</translation>
    </message>
    <message>
        <source>a card is named twice</source>
        <translation>eine Karte ist doppelt genannt</translation>
    </message>
    <message>
        <source>there is no stack {stack}</source>
        <translation>es gibt keinen Stapel {stack}</translation>
    </message>
    <message>
        <source>stack {stack} is empty</source>
        <translation>Stapel {stack} ist leer</translation>
    </message>
    <message>
        <source>at most {n} cards may come from one stack</source>
        <translation>höchstens {n} Karten dürfen von einem Stapel kommen</translation>
    </message>
    <message>
        <source>offer one or two cards</source>
        <translation>bieten Sie eine oder zwei Karten an</translation>
    </message>
    <message>
        <source>there is no such offered card</source>
        <translation>diese angebotene Karte gibt es nicht</translation>
    </message>
    <message>
        <source>that card has already been taken</source>
        <translation>diese Karte wurde schon genommen</translation>
    </message>
    <message>
        <source>you may take back your own card only when nothing else is left</source>
        <translation>Ihre eigene Karte dürfen Sie erst zurücknehmen, wenn sonst nichts mehr übrig ist</translation>
    </message>
    <message>
        <source>there is no kind of move called {kind}</source>
        <translation>es gibt keine Zugart namens {kind}</translation>
    </message>
    <message>
        <source>placed neighborhood {tile} ({name})</source>
        <translation>Stadtteil {tile} ({name}) gelegt</translation>
    </message>
    <message>
        <source>placed a streetcar between {a} and {b}</source>
        <translation>Straßenbahn zwischen {a} und {b} gelegt</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>gepasst</translation>
    </message>
    <message>
        <source>{n} from stack {stack}</source>
        <translation>{n} von Stapel {stack}</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nichts</translation>
    </message>
    <message>
        <source>Redevelopment: every player offers one or two cards</source>
        <translation>Sanierung: Alle bieten eine oder zwei Karten an</translation>
    </message>
    <message>
        <source>Round {round} begins</source>
        <translation>Runde {round} beginnt</translation>
    </message>
    <message>
        <source>{names} and {last}</source>
        <translation>{names} und {last}</translation>
    </message>
    <message>
        <source>at setup only neighborhoods {tiles} may be placed</source>
        <translation>beim Aufbau dürfen nur die Stadtteile {tiles} gelegt werden</translation>
    </message>
    <message>
        <source>you do not hold card {card}</source>
        <translation>Sie haben die Karte {card} nicht</translation>
    </message>
    <message>
        <source>take at most {n} card from each stack while other stacks have cards</source>
        <translation>ziehen Sie höchstens {n} Karte je Stapel, solange andere Stapel Karten haben</translation>
    </message>
    <message>
        <source>no card gives {building}</source>
        <translation>keine Karte erlaubt {building}</translation>
    </message>
    <message>
        <source>you need the card of {building} (stack {stack}) for that</source>
        <translation>dafür brauchen Sie die Karte für {building} (Stapel {stack})</translation>
    </message>
    <message>
        <source>returned 1 card (stack {stacks})</source>
        <translation>1 Karte abgegeben (Stapel {stacks})</translation>
    </message>
    <message>
        <source>returned {n} cards (stacks {stacks})</source>
        <translation>{n} Karten abgegeben (Stapel {stacks})</translation>
    </message>
    <message>
        <source>drew {cards}</source>
        <translation>{cards} gezogen</translation>
    </message>
    <message>
        <source>offered {cards} face up</source>
        <translation>{cards} offen angeboten</translation>
    </message>
    <message>
        <source>took {card} from {name}</source>
        <translation>{card} von {name} genommen</translation>
    </message>
    <message>
        <source>took a face-down card of stack {stack} from {name}</source>
        <translation>eine verdeckte Karte von Stapel {stack} von {name} genommen</translation>
    </message>
    <message>
        <source>built {building} on {props} for 1 point</source>
        <translation>{building} auf {props} gebaut, 1 Punkt</translation>
    </message>
    <message>
        <source>built {building} on {props} for {score} points</source>
        <translation>{building} auf {props} gebaut, {score} Punkte</translation>
    </message>
    <message>
        <source>Every property of the finished city holds a building</source>
        <translation>Auf jedem Grundstück der fertigen Stadt steht ein Gebäude</translation>
    </message>
    <message>
        <source>Every action of the round was a pass or an exchange</source>
        <translation>In der ganzen Runde wurde nur gepasst oder getauscht</translation>
    </message>
    <message>
        <source>The game ends: {why}. Winner: {name}</source>
        <translation>Das Spiel endet: {why}. Sieger: {name}</translation>
    </message>
    <message>
        <source>The game ends: {why}. Winners: {names}</source>
        <translation>Das Spiel endet: {why}. Sieger: {names}</translation>
    </message>
    <message>
        <source>card {card} cannot be used in the city now, so it must be offered face down</source>
        <translation>Karte {card} ist jetzt in der Stadt nicht verwendbar und muss daher verdeckt angeboten werden</translation>
    </message>
    <message>
        <source>the server sent no commitment to the deal when the game began</source>
        <translation>der Server hat zu Spielbeginn keine Festlegung auf das Mischen geschickt</translation>
    </message>
    <message>
        <source>the server did not reveal the seed and salt of the deal</source>
        <translation>der Server hat Startwert und Salz des Mischens nicht offengelegt</translation>
    </message>
    <message>
        <source>the revealed seed does not match the commitment sent when the game began</source>
        <translation>der offengelegte Startwert passt nicht zur Festlegung, die zu Spielbeginn geschickt wurde</translation>
    </message>
    <message>
        <source>the record&apos;s seed is not the revealed seed</source>
        <translation>der Startwert der Aufzeichnung ist nicht der offengelegte</translation>
    </message>
    <message>
        <source>you saw moves the record does not hold</source>
        <translation>Sie haben Züge gesehen, die nicht in der Aufzeichnung stehen</translation>
    </message>
    <message>
        <source>move {n} of the record cannot be played from the revealed seed</source>
        <translation>Zug {n} der Aufzeichnung ist mit dem offengelegten Startwert nicht spielbar</translation>
    </message>
    <message>
        <source>after move {n} your hand held {seen}, but the revealed seed gives {replayed}</source>
        <translation>nach Zug {n} hielten Sie {seen} auf der Hand, der offengelegte Startwert ergibt aber {replayed}</translation>
    </message>
    <message>
        <source>you do not hold the card for property {prop}</source>
        <translation>Sie haben die Karte für Grundstück {prop} nicht</translation>
    </message>
    <message>
        <source>the last of {rounds} rounds was played</source>
        <translation>die letzte von {rounds} Runden wurde gespielt</translation>
    </message>
    <message>
        <source>offered 1 card face down (stack {stacks})</source>
        <translation>1 Karte verdeckt angeboten (Stapel {stacks})</translation>
    </message>
    <message>
        <source>offered {n} cards face down (stacks {stacks})</source>
        <translation>{n} Karten verdeckt angeboten (Stapel {stacks})</translation>
    </message>
    <message>
        <source>took back offered card {card}</source>
        <translation>die eigene angebotene Karte {card} zurückgenommen</translation>
    </message>
    <message>
        <source>took back a face-down offered card of stack {stack}</source>
        <translation>die eigene verdeckt angebotene Karte von Stapel {stack} zurückgenommen</translation>
    </message>
    <message>
        <source>{n} turns in a row were passes</source>
        <translation>{n}-mal hintereinander wurde gepasst</translation>
    </message>
    <message>
        <source>Round {round}: {who} {played}; better: {best} (worth about {points} more).</source>
        <translation>Runde {round}: {who}: {played}; besser: {best} (etwa {points} mehr wert).</translation>
    </message>
    <message>
        <source>{n} point</source>
        <translation>{n} Punkt</translation>
    </message>
    <message>
        <source>{n} points</source>
        <translation>{n} Punkte</translation>
    </message>
    <message>
        <source>{first}; {then}</source>
        <translation>{first}; {then}</translation>
    </message>
    <message>
        <source>player {n}</source>
        <translation>Spieler {n}</translation>
    </message>
    <message>
        <source>Round {round}: {who} {played} — the best move found.</source>
        <translation>Runde {round}: {who}: {played} — der beste gefundene Zug.</translation>
    </message>
    <message>
        <source>Round {round}: {who} {played}; better: {best} (this move probably cost the win).</source>
        <translation>Runde {round}: {who}: {played}; besser: {best} (dieser Zug kostete wohl den Sieg).</translation>
    </message>
    <message>
        <source>{text} ({move})</source>
        <translation>{text} ({move})</translation>
    </message>
    <message>
        <source>the streetcar</source>
        <translation>der Straßenbahn</translation>
    </message>
    <message>
        <source>City Hall</source>
        <translation>dem Rathaus</translation>
    </message>
    <message>
        <source>the city centre</source>
        <translation>der Innenstadt</translation>
    </message>
    <message>
        <source>the outskirts</source>
        <translation>dem Stadtrand</translation>
    </message>
    <message>
        <source>a park</source>
        <translation>einem Park</translation>
    </message>
    <message>
        <source>a factory</source>
        <translation>einer Fabrik</translation>
    </message>
    <message>
        <source>special buildings</source>
        <translation>Sondergebäuden</translation>
    </message>
    <message>
        <source>in the outskirts</source>
        <translation>am Stadtrand</translation>
    </message>
    <message>
        <source>in the city centre</source>
        <translation>in der Innenstadt</translation>
    </message>
    <message>
        <source>{hint}. Careful: City Hall can only stand on {where} now; once they are built on, there will be no City Hall, streetcars or new neighborhoods</source>
        <translation>{hint}. Vorsicht: Das Rathaus kann jetzt nur noch auf {where} stehen; sind diese bebaut, gibt es kein Rathaus, keine Straßenbahnen und keine neuen Stadtteile mehr</translation>
    </message>
    <message>
        <source>{a} and {b}</source>
        <translation>{a} und {b}</translation>
    </message>
    <message>
        <source>{hint}. Build it now: City Hall can only stand on {where}</source>
        <translation>{hint}. Bauen Sie es jetzt: Das Rathaus kann nur noch auf {where} stehen</translation>
    </message>
    <message>
        <source>{hint}. Careful: City Hall can only stand on {where} now; once it is built on, there will be no City Hall, streetcars or new neighborhoods</source>
        <translation>{hint}. Vorsicht: Das Rathaus kann jetzt nur noch auf {where} stehen; ist es bebaut, gibt es kein Rathaus, keine Straßenbahnen und keine neuen Stadtteile mehr</translation>
    </message>
    <message>
        <source>Property {p}, neighborhood {n}, {area}</source>
        <translation>Grundstück {p}, Stadtteil {n}, {area}</translation>
    </message>
    <message>
        <source>{building} of {owner}, {score} points</source>
        <translation>{building} von {owner}, {score} Punkte</translation>
    </message>
    <message>
        <source>{place}, {contents}</source>
        <translation>{place}, {contents}</translation>
    </message>
    <message>
        <source>{side}, beside properties {a} to {b}</source>
        <translation>{side}, neben den Grundstücken {a} bis {b}</translation>
    </message>
    <message>
        <source>outskirts</source>
        <translation>Stadtrand</translation>
    </message>
    <message>
        <source>city centre</source>
        <translation>Innenstadt</translation>
    </message>
    <message>
        <source>free</source>
        <translation>frei</translation>
    </message>
    <message>
        <source>{building}, {score} points</source>
        <translation>{building}, {score} Punkte</translation>
    </message>
    <message>
        <source>your {building}, {score} points</source>
        <translation>{building} von Ihnen, {score} Punkte</translation>
    </message>
    <message>
        <source>nobody</source>
        <translation>niemand</translation>
    </message>
    <message>
        <source>{place}, {contents}, you hold its card</source>
        <translation>{place}, {contents}, Sie haben seine Karte</translation>
    </message>
    <message>
        <source>north of neighborhood {n}</source>
        <translation>nördlich von Stadtteil {n}</translation>
    </message>
    <message>
        <source>south of neighborhood {n}</source>
        <translation>südlich von Stadtteil {n}</translation>
    </message>
    <message>
        <source>east of neighborhood {n}</source>
        <translation>östlich von Stadtteil {n}</translation>
    </message>
    <message>
        <source>west of neighborhood {n}</source>
        <translation>westlich von Stadtteil {n}</translation>
    </message>
    <message>
        <source>in the middle of the table</source>
        <translation>mitten auf dem Tisch</translation>
    </message>
    <message>
        <source>{side}, beside property {p}</source>
        <translation>{side}, neben Grundstück {p}</translation>
    </message>
    <message>
        <source>our reading</source>
        <translation>unsere Lesart</translation>
    </message>
    <message>
        <source>changed from the bundled edition</source>
        <translation>geändert gegenüber der mitgelieferten Ausgabe</translation>
    </message>
    <message>
        <source>{kind} building</source>
        <translation>Gebäude der Art {kind}</translation>
    </message>
    <message>
        <source>Needs: {conditions}.</source>
        <translation>Braucht: {conditions}.</translation>
    </message>
    <message>
        <source>{value}: not in the rule book; our reading.</source>
        <translation>{value}: nicht in der Spielregel; unsere Lesart.</translation>
    </message>
    <message>
        <source>Streetcars: {count} pieces; the first action places {first}, later actions up to {later}; the line {line}.</source>
        <translation>Straßenbahnen: {count} Stück; die erste Aktion legt {first}, spätere Aktionen bis zu {later}; die Linie {line}.</translation>
    </message>
    <message>
        <source>{kind} buildings</source>
        <translation>Gebäude der Art {kind}</translation>
    </message>
    <message>
        <source>next to at least {n} {buildings}</source>
        <translation>angrenzend an mindestens {n} {buildings}</translation>
    </message>
    <message>
        <source>City Hall built on an earlier turn</source>
        <translation>Rathaus in einem früheren Zug gebaut</translation>
    </message>
    <message>
        <source>next to the streetcar line</source>
        <translation>an der Straßenbahnlinie</translation>
    </message>
    <message>
        <source>entirely in the city centre</source>
        <translation>ganz in der Innenstadt</translation>
    </message>
    <message>
        <source>{low} to {high} of its cells on the outskirts</source>
        <translation>{low} bis {high} seiner Felder am Stadtrand</translation>
    </message>
    <message>
        <source>only on {props}</source>
        <translation>nur auf {props}</translation>
    </message>
    <message>
        <source>on the last free property of its neighborhood</source>
        <translation>auf dem letzten freien Grundstück seines Stadtteils</translation>
    </message>
    <message>
        <source>May be built at any time.</source>
        <translation>Darf jederzeit gebaut werden.</translation>
    </message>
    <message>
        <source>any time</source>
        <translation>jederzeit</translation>
    </message>
    <message>
        <source>with card {cards}; {when}</source>
        <translation>mit Karte {cards}; {when}</translation>
    </message>
    <message>
        <source>×{factor} {when}</source>
        <translation>×{factor} {when}</translation>
    </message>
    <message>
        <source>Useless cards: the rule book does not say when they leave the hand; we reveal and replace them at the start of their owner&apos;s turn (a published variant keeps them until exchanged).</source>
        <translation>Nutzlose Karten: Die Spielregel sagt nicht, wann sie die Hand verlassen; wir decken sie zu Beginn des Zugs ihres Besitzers auf und ersetzen sie (eine veröffentlichte Variante behält sie, bis sie getauscht werden).</translation>
    </message>
    <message>
        <source>Special buildings: the rule book does not list them; we count City Hall, church, cinema, post office, bank and shopping center.</source>
        <translation>Sondergebäude: Die Spielregel zählt sie nicht auf; wir rechnen Rathaus, Kirche, Kino, Postamt, Bank und Kaufhaus dazu.</translation>
    </message>
    <message>
        <source>The large factory&apos;s 2×2 square: no source confirms it; it is the shape that fits the printed piece best.</source>
        <translation>Das 2×2-Quadrat der großen Fabrik: Keine Quelle bestätigt es; es ist die Form, die zum gedruckten Teil am besten passt.</translation>
    </message>
    <message>
        <source>Tables of strangers: the rule book ends the original only after a row of passes, so one player exchanging every turn could keep a game going for ever; at a server&apos;s public tables a round of nothing but passes and exchanges ends it, as in the jumbo edition.</source>
        <translation>Tische mit Fremden: Die Spielregel beendet das Original erst nach einer Reihe von Passen, also könnte ein Spieler, der jeden Zug tauscht, ein Spiel endlos weiterlaufen lassen; an den öffentlichen Tischen eines Servers beendet es eine Runde, in der nur gepasst oder getauscht wurde, wie in der Jumbo-Ausgabe.</translation>
    </message>
    <message>
        <source>The bound on rounds: the rule book sets none, and games in the app have none; a server ends every game at its tables after round {n} (bots&apos; games lasted at most 50 rounds), so no table can be held hostage.</source>
        <translation>Die Rundengrenze: Die Spielregel kennt keine, und Spiele in der App haben keine; ein Server beendet jedes Spiel an seinen Tischen nach Runde {n} (Spiele von Bots dauerten höchstens 50 Runden), damit niemand einen Tisch als Geisel nehmen kann.</translation>
    </message>
    <message>
        <source>Neighborhood names: the boards are only numbered; the names are ours, to tell them apart.</source>
        <translation>Namen der Stadtteile: Die Tafeln sind nur nummeriert; die Namen sind unsere, um sie auseinanderzuhalten.</translation>
    </message>
    <message>
        <source>Park and factory cards: the jumbo box counts 74 cards and the rule book does not say what the two extra ones are; we use the original&apos;s 72.</source>
        <translation>Park- und Fabrikkarten: Die Jumbo-Schachtel zählt 74 Karten, und die Spielregel sagt nicht, was die zwei zusätzlichen sind; wir nehmen die 72 des Originals.</translation>
    </message>
    <message>
        <source>all on 0</source>
        <translation>alle auf 0</translation>
    </message>
    <message>
        <source>start player 0, then 1, 2, 3 in turn order</source>
        <translation>Startspieler 0, dann 1, 2, 3 in Zugreihenfolge</translation>
    </message>
    <message>
        <source>at most {n} cards from any one stack</source>
        <translation>höchstens {n} Karten von einem Stapel</translation>
    </message>
    <message>
        <source>at most {n} card per stack unless no other option exists, then as few as possible from any one stack</source>
        <translation>höchstens {n} Karte je Stapel, solange es anders geht, sonst so wenige wie möglich von einem Stapel</translation>
    </message>
    <message>
        <source>return any cards, then draw as many (at most {n} per stack) before refilling</source>
        <translation>beliebige Karten abgeben, dann ebenso viele ziehen (höchstens {n} je Stapel), danach nachziehen</translation>
    </message>
    <message>
        <source>return any cards, then refill (at most {n} per stack)</source>
        <translation>beliebige Karten abgeben, dann nachziehen (höchstens {n} je Stapel)</translation>
    </message>
    <message>
        <source>discarded at the start of your turn and replaced in the refill</source>
        <translation>werden zu Beginn Ihres Zuges abgeworfen und beim Nachziehen ersetzt</translation>
    </message>
    <message>
        <source>kept until you exchange them</source>
        <translation>bleiben auf der Hand, bis Sie sie tauschen</translation>
    </message>
    <message>
        <source>may branch (a tree, never a loop)</source>
        <translation>darf sich verzweigen (ein Baum, nie ein Ring)</translation>
    </message>
    <message>
        <source>may not branch: extend one of its two ends</source>
        <translation>darf sich nicht verzweigen: Sie wird an einem ihrer beiden Enden verlängert</translation>
    </message>
    <message>
        <source>worth {start}, rising by {step} each round while unbuilt, to at most {max}</source>
        <translation>anfangs {start} Punkte wert, jede Runde ohne Rathaus {step} mehr, bis höchstens {max}</translation>
    </message>
    <message>
        <source>worth {start} points</source>
        <translation>{start} Punkte wert</translation>
    </message>
    <message>
        <source>when as many turns in a row as there are players were passes</source>
        <translation>wenn so viele Züge hintereinander gepasst wurde, wie es Spieler gibt</translation>
    </message>
    <message>
        <source>at the end of a round in which every action was a pass or an exchange</source>
        <translation>am Ende einer Runde, in der jede Aktion Passen oder Tauschen war</translation>
    </message>
    <message>
        <source>City Hall value</source>
        <translation>Wert des Rathauses</translation>
    </message>
    <message>
        <source>special building</source>
        <translation>Sondergebäude</translation>
    </message>
    <message>
        <source>next to a {building}</source>
        <translation>angrenzend an: {building}</translation>
    </message>
    <message>
        <source>exactly {n} of its cells on the outskirts</source>
        <translation>genau {n} seiner Felder am Stadtrand</translation>
    </message>
    <message>
        <source>{building}: the rule book does not give its size; we use one lot, like the other small special buildings.</source>
        <translation>{building}: Die Spielregel nennt die Größe nicht; wir nehmen ein Grundstück, wie bei den anderen kleinen Sondergebäuden.</translation>
    </message>
    <message>
        <source>{building}: the rule book does not say where it may stand; we ask for a residence and a business next to it, since it serves both.</source>
        <translation>{building}: Die Spielregel sagt nicht, wo sie stehen darf; wir verlangen ein Wohnhaus und ein Geschäftshaus daneben, da sie beiden dient.</translation>
    </message>
    <message>
        <source>{building}: neither rule book gives its value; we chose 10 points plus 5 for each special building next to it, built next to at least two of them, with no multiplier.</source>
        <translation>{building}: Keine der beiden Spielregeln nennt den Wert; wir wählten 10 Punkte plus 5 für jedes Sondergebäude daneben, gebaut neben mindestens zwei davon, ohne Vervielfachung.</translation>
    </message>
    <message>
        <source>The game</source>
        <translation>Das Spiel</translation>
    </message>
    <message>
        <source>Buildings</source>
        <translation>Gebäude</translation>
    </message>
    <message>
        <source>{n} players: {size}</source>
        <translation>{n} Spieler: {size}</translation>
    </message>
    <message>
        <source>{n} players: {tiles}</source>
        <translation>{n} Spieler: {tiles}</translation>
    </message>
    <message>
        <source>{low}–{high} players.</source>
        <translation>{low}–{high} Spieler.</translation>
    </message>
    <message>
        <source>Hand size after refilling — {sizes}.</source>
        <translation>Handkarten nach dem Nachziehen – {sizes}.</translation>
    </message>
    <message>
        <source>Starting scores: {start}.</source>
        <translation>Startpunkte: {start}.</translation>
    </message>
    <message>
        <source>Neighborhood 1 starts the city; tiles placed at setup — {tiles}.</source>
        <translation>Stadtteil 1 ist der Anfang der Stadt; beim Aufbau gelegte Stadtteile – {tiles}.</translation>
    </message>
    <message>
        <source>Refill: {refill}.</source>
        <translation>Nachziehen: {refill}.</translation>
    </message>
    <message>
        <source>Exchange: {exchange}.</source>
        <translation>Tauschen: {exchange}.</translation>
    </message>
    <message>
        <source>Useless cards (their property already holds a building): {useless}.</source>
        <translation>Nutzlose Karten (auf ihrem Grundstück steht schon ein Gebäude): {useless}.</translation>
    </message>
    <message>
        <source>City Hall: {value}; only in the city centre.</source>
        <translation>Rathaus: {value}; nur in der Innenstadt.</translation>
    </message>
    <message>
        <source>The game ends when the city is complete, or {end}. Highest score wins; ties stay ties.</source>
        <translation>Das Spiel endet, wenn die Stadt vollständig ist, oder {end}. Die höchste Punktzahl gewinnt; Gleichstand bleibt Gleichstand.</translation>
    </message>
    <message>
        <source>next to City Hall</source>
        <translation>neben dem Rathaus</translation>
    </message>
    <message>
        <source>{points} per adjacent {building}</source>
        <translation>{points} je angrenzendem Gebäude der Art {building}</translation>
    </message>
    <message>
        <source>{points} {when}</source>
        <translation>{points} {when}</translation>
    </message>
    <message>
        <source>{building}: the rule book does not give the shapes; we use those of the original edition.</source>
        <translation>{building}: Die Spielregel nennt die Formen nicht; wir nehmen die der Originalausgabe.</translation>
    </message>
    <message>
        <source>Building</source>
        <translation>Gebäude</translation>
    </message>
    <message>
        <source>Pieces</source>
        <translation>Teile</translation>
    </message>
    <message>
        <source>Base</source>
        <translation>Basis</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Wann</translation>
    </message>
    <message>
        <source>Bonuses</source>
        <translation>Boni</translation>
    </message>
    <message>
        <source>Multiplier (highest only)</source>
        <translation>Faktor (nur der höchste)</translation>
    </message>
    <message>
        <source>Our readings</source>
        <translation>Unsere Lesarten</translation>
    </message>
    <message>
        <source>On your turn take one action: build, park or factory, streetcar, neighborhood, exchange, or pass. Streetcars, neighborhoods, parks/factories and every special building open on the turn after City Hall is built.</source>
        <translation>Wer am Zug ist, wählt eine Aktion: bauen, Park oder Fabrik, Straßenbahn, Stadtteil, tauschen oder passen. Straßenbahnen, Stadtteile, Parks/Fabriken und alle Sondergebäude sind ab dem Zug nach dem Bau des Rathauses erlaubt.</translation>
    </message>
    <message>
        <source>Reserved for City Hall: {props}.</source>
        <translation>Für das Rathaus reserviert: {props}.</translation>
    </message>
    <message>
        <source>After every round: redevelopment — each player offers 1 or 2 cards face up or down, then takes as many from the others&apos; offers.</source>
        <translation>Nach jeder Runde: Sanierung – alle bieten 1 oder 2 Karten offen oder verdeckt an und nehmen dann ebenso viele aus den Angeboten der anderen.</translation>
    </message>
    <message>
        <source>After round {n} the game ends; the standing is the result.</source>
        <translation>Nach Runde {n} endet das Spiel; der Spielstand ist das Ergebnis.</translation>
    </message>
    <message>
        <source>At a server&apos;s public tables the game also ends at the end of a round in which every action was a pass or an exchange.</source>
        <translation>An den öffentlichen Tischen eines Servers endet das Spiel auch am Ende einer Runde, in der jede Aktion ein Passen oder Tauschen war.</translation>
    </message>
    <message>
        <source>{variant} ({size} cells) ×{count}</source>
        <translation>{variant} ({size} Felder) ×{count}</translation>
    </message>
    <message>
        <source>{variant} (1 cell) ×{count}</source>
        <translation>{variant} (1 Feld) ×{count}</translation>
    </message>
    <message>
        <source>{text}</source>
        <translation>{text}</translation>
    </message>
    <message>
        <source>{building} on {props} {why}: {score} points</source>
        <translation>{building} auf {props} {why}: {score} Punkte</translation>
    </message>
    <message>
        <source>neighborhood {tile} opens new properties</source>
        <translation>Stadtteil {tile} eröffnet neue Grundstücke</translation>
    </message>
    <message>
        <source>streetcar towards free properties, for later doubles</source>
        <translation>Straßenbahn zu freien Grundstücken, für spätere Verdopplungen</translation>
    </message>
    <message>
        <source>no second streetcar helps you more than the others</source>
        <translation>keine zweite Straßenbahn nützt Ihnen mehr als den anderen</translation>
    </message>
    <message>
        <source>exchange {cards}: they fit nothing in your hand</source>
        <translation>{cards} tauschen: Sie passen zu nichts in Ihrer Hand</translation>
    </message>
    <message>
        <source>pass: no build, streetcar or exchange improves your position</source>
        <translation>passen: kein Bau, keine Straßenbahn und kein Tausch verbessert Ihre Lage</translation>
    </message>
    <message>
        <source>draw from stack {stack}: the best expected card for your hand</source>
        <translation>von Stapel {stack} ziehen: die am meisten versprechende Karte für Ihre Hand</translation>
    </message>
    <message>
        <source>offer {cards} face down: the cards you need least</source>
        <translation>{cards} verdeckt anbieten: die Karten, die Sie am wenigsten brauchen</translation>
    </message>
    <message>
        <source>take the face-down card of stack {stack}: the best guess for your hand</source>
        <translation>die verdeckte Karte von Stapel {stack} nehmen: der beste Griff für Ihre Hand</translation>
    </message>
    <message>
        <source>City Hall on {prop}{points} opens streetcars, neighborhoods and special buildings{extra}</source>
        <translation>Rathaus auf {prop}{points} öffnet Straßenbahnen, Stadtteile und Sondergebäude{extra}</translation>
    </message>
    <message>
        <source>{building} on {props}: spoils properties others may hold cards for (-2 next to it)</source>
        <translation>{building} auf {props}: verdirbt Grundstücke, für die andere Karten haben könnten (-2 daneben)</translation>
    </message>
    <message>
        <source>{building} on {props}: {score} points</source>
        <translation>{building} auf {props}: {score} Punkte</translation>
    </message>
    <message>
        <source>{a}, {b}</source>
        <translation>{a}, {b}</translation>
    </message>
    <message>
        <source>{building} on {props} {why}: 1 point</source>
        <translation>{building} auf {props} {why}: 1 Punkt</translation>
    </message>
    <message>
        <source>neighborhood {tile} brings {n} of your cards ({cards}) into the city</source>
        <translation>Stadtteil {tile} bringt {n} Ihrer Karten ({cards}) in die Stadt</translation>
    </message>
    <message>
        <source>streetcar next to {props}: buildings there will score double</source>
        <translation>Straßenbahn neben {props}: Gebäude dort zählen doppelt</translation>
    </message>
    <message>
        <source>exchange park/factory cards {cards}: no placement helps you now</source>
        <translation>Park-/Fabrikkarten {cards} tauschen: Keine Platzierung hilft Ihnen jetzt</translation>
    </message>
    <message>
        <source>exchange {cards} for cards you can build with</source>
        <translation>{cards} gegen Karten tauschen, mit denen Sie bauen können</translation>
    </message>
    <message>
        <source>pass: the game ends with you in the lead</source>
        <translation>passen: Das Spiel endet mit Ihnen in Führung</translation>
    </message>
    <message>
        <source>draw from stack {stack}: it may complete a building with {cards}</source>
        <translation>von Stapel {stack} ziehen: Die Karte könnte mit {cards} ein Gebäude vervollständigen</translation>
    </message>
    <message>
        <source>offer {cards} face down: the card you need least</source>
        <translation>{cards} verdeckt anbieten: die Karte, die Sie am wenigsten brauchen</translation>
    </message>
    <message>
        <source>offer {cards} face up: the cards you need least</source>
        <translation>{cards} offen anbieten: die Karten, die Sie am wenigsten brauchen</translation>
    </message>
    <message>
        <source>take {card}: it is worth {value} to your hand</source>
        <translation>{card} nehmen: Sie ist für Ihre Hand {value} wert</translation>
    </message>
    <message>
        <source>; {n} of your cards touch it (businesses there score double)</source>
        <translation>; {n} Ihrer Karten grenzen daran (Geschäftshäuser dort zählen doppelt)</translation>
    </message>
    <message>
        <source>{building} on {props}: covers properties others may hold, and homes next to it gain a point</source>
        <translation>{building} auf {props}: überdeckt Grundstücke, die andere halten könnten, und Wohnhäuser daneben bekommen einen Punkt</translation>
    </message>
    <message>
        <source>next to {what}</source>
        <translation>neben {what}</translation>
    </message>
    <message>
        <source>{building} on {props}: 1 point</source>
        <translation>{building} auf {props}: 1 Punkt</translation>
    </message>
    <message>
        <source>exchange park/factory card {cards}: no placement helps you now</source>
        <translation>Park-/Fabrikkarte {cards} tauschen: Keine Platzierung hilft Ihnen jetzt</translation>
    </message>
    <message>
        <source>pass: the game ends with you sharing first place</source>
        <translation>passen: Das Spiel endet, und Sie teilen sich den ersten Platz</translation>
    </message>
    <message>
        <source>offer {cards} face up: the card you need least</source>
        <translation>{cards} offen anbieten: die Karte, die Sie am wenigsten brauchen</translation>
    </message>
    <message>
        <source> for 1 point</source>
        <translation> für 1 Punkt</translation>
    </message>
    <message>
        <source> for {n} points</source>
        <translation> für {n} Punkte</translation>
    </message>
    <message>
        <source>despite {what}</source>
        <translation>trotz {what}</translation>
    </message>
    <message>
        <source>useless {cards}</source>
        <translation>nutzlose {cards}</translation>
    </message>
    <message>
        <source>{cards} of neighborhoods not in the city</source>
        <translation>{cards} aus Stadtteilen, die nicht in der Stadt liegen</translation>
    </message>
</context>
<context>
    <name>GameController</name>
    <message>
        <source>You</source>
        <extracomment>the first seat&apos;s name when two or more people share the screen: no seat is &quot;you&quot; then (German &quot;Sie&quot; read &quot;Geben Sie den Bildschirm an den Spieler „Sie“ zurück&quot;); A as Bea, Carl, Dora and Emil go on B, C, D, E a long game&apos;s log comes this long after the rest of its window (ms) more new log lines than this at once are shown by filling the log anew (a tree view measures every row inserted, but only the rows in sight after a reset)
----------
the PlayerInfo kind of a seat the lesson plays (its moves are scripted) the slowest pace of the replies (ms before each move that is not a draw)</extracomment>
        <translation>Sie</translation>
    </message>
    <message>
        <source>easy</source>
        <translation>leicht</translation>
    </message>
    <message>
        <source>medium</source>
        <translation>mittel</translation>
    </message>
    <message>
        <source>hard</source>
        <translation>schwer</translation>
    </message>
    <message>
        <source>random</source>
        <translation>zufällig</translation>
    </message>
    <message>
        <source>Human</source>
        <translation>Mensch</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>Lektion</translation>
    </message>
    <message>
        <source>Bot ({level})</source>
        <translation>Bot ({level})</translation>
    </message>
    <message>
        <source>this game is kept by the table&apos;s server, not here</source>
        <translation>dieses Spiel verwahrt der Server des Tisches, nicht dieser Rechner</translation>
    </message>
    <message>
        <source>there is no game to save</source>
        <translation>es gibt kein Spiel zum Speichern</translation>
    </message>
    <message>
        <source>no game is running: start one with Game → New</source>
        <translation>es läuft kein Spiel: Starten Sie eines mit Spiel → Neu</translation>
    </message>
    <message>
        <source>the game is over</source>
        <translation>das Spiel ist vorbei</translation>
    </message>
    <message>
        <source>the screen is waiting for {name}: show the hand first</source>
        <translation>der Bildschirm wartet auf {name}: Zeigen Sie zuerst die Hand</translation>
    </message>
    <message>
        <source>it is {name}&apos;s turn</source>
        <translation>{name} ist am Zug</translation>
    </message>
    <message>
        <source>it is {name}&apos;s turn, not yours</source>
        <translation>{name} ist am Zug, nicht Sie</translation>
    </message>
    <message>
        <source>it is {name}&apos;s turn, not {other}&apos;s</source>
        <translation>{name} ist am Zug, nicht {other}</translation>
    </message>
    <message>
        <source>{name} is a bot</source>
        <translation>{name} ist ein Bot</translation>
    </message>
    <message>
        <source>the hint was dropped: the turn ended before it was ready</source>
        <translation>der Tipp entfällt: Der Zug war zu Ende, bevor er fertig war</translation>
    </message>
    <message>
        <source>No hint available: {reason}</source>
        <translation>Kein Tipp verfügbar: {reason}</translation>
    </message>
    <message>
        <source>{name}&apos;s bot chose an illegal move ({reason}); it plays a random move instead.</source>
        <translation>Der Bot von {name} wählte einen unerlaubten Zug ({reason}); er spielt stattdessen einen zufälligen Zug.</translation>
    </message>
    <message>
        <source>{name}&apos;s bot failed ({reason}); it plays a random move instead.</source>
        <translation>Der Bot von {name} ist ausgefallen ({reason}); er spielt stattdessen einen zufälligen Zug.</translation>
    </message>
</context>
<context>
    <name>GameSession</name>
    <message>
        <source>take-backs are off in this game</source>
        <translation>Zurücknahmen sind in diesem Spiel ausgeschaltet</translation>
    </message>
    <message>
        <source>there is nothing to take back</source>
        <translation>es gibt nichts zurückzunehmen</translation>
    </message>
    <message>
        <source>there is nothing to redo</source>
        <translation>es gibt nichts wiederherzustellen</translation>
    </message>
</context>
<context>
    <name>GameWindow</name>
    <message>
        <source>Big City games (*.bigcity);;All files (*)</source>
        <translation>Big-City-Spiele (*.bigcity);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Supply</source>
        <translation>Vorrat</translation>
    </message>
    <message>
        <source>Your hand</source>
        <translation>Ihre Hand</translation>
    </message>
    <message>
        <source>Neighborhoods</source>
        <translation>Stadtteile</translation>
    </message>
    <message>
        <source>Game log</source>
        <translation>Spielprotokoll</translation>
    </message>
    <message>
        <source>Network table</source>
        <translation>Netzwerk-Tisch</translation>
    </message>
    <message>
        <source>Score history</source>
        <translation>Punkteverlauf</translation>
    </message>
    <message>
        <source>City board</source>
        <translation>Spielfeld der Stadt</translation>
    </message>
    <message>
        <source>The arrow keys move the board cursor; Enter places the piece in hand or tells what is there.</source>
        <translation>Die Pfeiltasten bewegen den Spielfeld-Cursor; Eingabe legt das Teil in der Hand ab oder sagt, was dort ist.</translation>
    </message>
    <message>
        <source>Lots touching the open table are outskirts; the others (and lots around an enclosed empty cell) are city centre.</source>
        <translation>Grundstücke, die an den freien Tisch grenzen, sind Stadtrand; die übrigen (und Grundstücke um ein umschlossenes leeres Feld) sind Innenstadt.</translation>
    </message>
    <message>
        <source>Hand hidden — for you</source>
        <translation>Hand verdeckt – für Sie</translation>
    </message>
    <message>
        <source>Hand hidden — for {name}</source>
        <translation>Hand verdeckt – für {name}</translation>
    </message>
    <message>
        <source>&amp;Game</source>
        <translation>&amp;Spiel</translation>
    </message>
    <message>
        <source>&amp;New game…</source>
        <translation>&amp;Neues Spiel…</translation>
    </message>
    <message>
        <source>&amp;Continue…</source>
        <translation>&amp;Fortsetzen…</translation>
    </message>
    <message>
        <source>Play on a game you have not finished (every one is kept)</source>
        <translation>Ein Spiel weiterspielen, das Sie nicht beendet haben (jedes wird aufbewahrt)</translation>
    </message>
    <message>
        <source>S&amp;tatistics…</source>
        <translation>S&amp;tatistik…</translation>
    </message>
    <message>
        <source>Your record: games played and won, best scores, a chart of your scores</source>
        <translation>Ihre Bilanz: gespielte und gewonnene Partien, Bestwerte, ein Diagramm Ihrer Punkte</translation>
    </message>
    <message>
        <source>&amp;Open game…</source>
        <translation>Spiel ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>&amp;Save game</source>
        <translation>Spiel &amp;speichern</translation>
    </message>
    <message>
        <source>Save game &amp;as…</source>
        <translation>Spiel speichern &amp;unter…</translation>
    </message>
    <message>
        <source>&amp;Host network game…</source>
        <translation>Netzwerkspiel &amp;eröffnen…</translation>
    </message>
    <message>
        <source>Open a table on this computer that friends join over the network</source>
        <translation>Einen Tisch auf diesem Rechner eröffnen, an den sich Freunde über das Netzwerk setzen</translation>
    </message>
    <message>
        <source>&amp;Join network game…</source>
        <translation>Netzwerkspiel &amp;beitreten…</translation>
    </message>
    <message>
        <source>Sit at a table of another computer or of a server</source>
        <translation>Sich an einen Tisch eines anderen Rechners oder eines Servers setzen</translation>
    </message>
    <message>
        <source>&amp;Leave the table</source>
        <translation>Den Tisch &amp;verlassen</translation>
    </message>
    <message>
        <source>Open &amp;replay…</source>
        <translation>&amp;Wiedergabe öffnen…</translation>
    </message>
    <message>
        <source>Watch a saved game again, move by move</source>
        <translation>Ein gespeichertes Spiel Zug für Zug noch einmal ansehen</translation>
    </message>
    <message>
        <source>&amp;Watch this game&apos;s replay</source>
        <translation>Wiedergabe dieses Spiels an&amp;sehen</translation>
    </message>
    <message>
        <source>P&amp;uzzles…</source>
        <translation>&amp;Rätsel…</translation>
    </message>
    <message>
        <source>City puzzles: positions with a goal to reach</source>
        <translation>Stadträtsel: Stellungen mit einem Ziel, das es zu erreichen gilt</translation>
    </message>
    <message>
        <source>New &amp;sandbox</source>
        <translation>Neuer Sand&amp;kasten</translation>
    </message>
    <message>
        <source>Open the city sandbox</source>
        <translation>Den Stadt-Sandkasten öffnen</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation>&amp;Zug</translation>
    </message>
    <message>
        <source>&amp;Undo (take back)</source>
        <translation>&amp;Rückgängig (Zug zurücknehmen)</translation>
    </message>
    <message>
        <source>Take back your last move</source>
        <translation>Ihren letzten Zug zurücknehmen</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <source>Play again what Undo took back</source>
        <translation>Erneut spielen, was Rückgängig zurückgenommen hat</translation>
    </message>
    <message>
        <source>&amp;Streetcar</source>
        <translation>S&amp;traßenbahn</translation>
    </message>
    <message>
        <source>&amp;Done (end streetcars)</source>
        <translation>&amp;Fertig (Straßenbahnen beenden)</translation>
    </message>
    <message>
        <source>&amp;Exchange ticked cards</source>
        <translation>Markierte Karten tau&amp;schen</translation>
    </message>
    <message>
        <source>&amp;Pass</source>
        <translation>&amp;Passen</translation>
    </message>
    <message>
        <source>&amp;Hint</source>
        <translation>T&amp;ipp</translation>
    </message>
    <message>
        <source>Go to the Supply, at the first piece you can build; Enter picks it up</source>
        <translation>Zum Vorrat, beim ersten Teil, das Sie bauen können; Eingabe nimmt es auf</translation>
    </message>
    <message>
        <source>Place a &amp;neighborhood</source>
        <translation>Stadtteil &amp;legen</translation>
    </message>
    <message>
        <source>Pick up a neighborhood (the one chosen in the Neighborhoods panel, else the first)</source>
        <translation>Einen Stadtteil aufnehmen (den in der Stadtteil-Leiste gewählten, sonst den ersten)</translation>
    </message>
    <message>
        <source>&amp;Rotate piece</source>
        <translation>Teil &amp;drehen</translation>
    </message>
    <message>
        <source>Ne&amp;xt legal spot</source>
        <translation>&amp;Nächster erlaubter Platz</translation>
    </message>
    <message>
        <source>Move the piece to the next lit legal spot</source>
        <translation>Das Teil zum nächsten hervorgehobenen erlaubten Platz bewegen</translation>
    </message>
    <message>
        <source>Previous legal spot</source>
        <translation>Vorheriger erlaubter Platz</translation>
    </message>
    <message>
        <source>&amp;Cancel placing</source>
        <translation>Platzieren &amp;abbrechen</translation>
    </message>
    <message>
        <source>&amp;Draw from stack</source>
        <translation>Vom Stapel &amp;ziehen</translation>
    </message>
    <message>
        <source>Stack {n}</source>
        <translation>Stapel {n}</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>Zoom &amp;in</source>
        <translation>Ver&amp;größern</translation>
    </message>
    <message>
        <source>Zoom &amp;out</source>
        <translation>Ver&amp;kleinern</translation>
    </message>
    <message>
        <source>&amp;Fit city</source>
        <translation>Stadt &amp;einpassen</translation>
    </message>
    <message>
        <source>&amp;Bot speed</source>
        <translation>&amp;Bot-Tempo</translation>
    </message>
    <message>
        <source>{speed} ({seconds} s)</source>
        <translation>{speed} ({seconds} s)</translation>
    </message>
    <message>
        <source>&amp;Colour-blind palette</source>
        <translation>&amp;Farbenblind-taugliche Palette</translation>
    </message>
    <message>
        <source>Player colours told apart with any colour vision; each player&apos;s marker shape is on their buildings</source>
        <translation>Spielerfarben, die bei jedem Farbsehen unterscheidbar sind; das Markierungszeichen jedes Spielers steht auf seinen Gebäuden</translation>
    </message>
    <message>
        <source>Next &amp;pane</source>
        <translation>Nächster Be&amp;reich</translation>
    </message>
    <message>
        <source>Move the keyboard focus to the next panel (board, Supply, hand, neighborhoods, log)</source>
        <translation>Den Tastaturfokus in den nächsten Bereich setzen (Spielfeld, Vorrat, Hand, Stadtteile, Protokoll)</translation>
    </message>
    <message>
        <source>Previous pane</source>
        <translation>Vorheriger Bereich</translation>
    </message>
    <message>
        <source>&amp;Reset layout</source>
        <translation>Anordnung &amp;zurücksetzen</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>E&amp;xtras</translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <source>Your &amp;name…</source>
        <translation>Ihr &amp;Name…</translation>
    </message>
    <message>
        <source>The name the other players see, and the first seat&apos;s in a new game</source>
        <translation>Der Name, den die anderen Spieler sehen, und der des ersten Platzes in einem neuen Spiel</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;Tutorial…</source>
        <translation>&amp;Einführung…</translation>
    </message>
    <message>
        <source>Learn the game by playing, step by step, with a coach</source>
        <translation>Das Spiel beim Spielen lernen, Schritt für Schritt, mit einem Trainer</translation>
    </message>
    <message>
        <source>Lesson: &amp;next step</source>
        <translation>Lektion: &amp;nächster Schritt</translation>
    </message>
    <message>
        <source>Lesson: step &amp;back</source>
        <translation>Lektion: Schritt &amp;zurück</translation>
    </message>
    <message>
        <source>&amp;Leave the lesson</source>
        <translation>Lektion &amp;verlassen</translation>
    </message>
    <message>
        <source>How to &amp;play</source>
        <translation>So wird &amp;gespielt</translation>
    </message>
    <message>
        <source>&amp;Rules of this edition</source>
        <translation>&amp;Regeln dieser Ausgabe</translation>
    </message>
    <message>
        <source>&amp;Keyboard</source>
        <translation>&amp;Tastatur</translation>
    </message>
    <message>
        <source>Every key of the game: play a whole game without a mouse</source>
        <translation>Alle Tasten des Spiels: eine ganze Partie ohne Maus spielen</translation>
    </message>
    <message>
        <source>&amp;About Big City Desktop</source>
        <translation>Über &amp;Big City Desktop</translation>
    </message>
    <message>
        <source>Hand hidden</source>
        <translation>Hand verdeckt</translation>
    </message>
    <message>
        <source>{name}&apos;s hand</source>
        <translation>Hand von {name}</translation>
    </message>
    <message>
        <source>(with take-backs)</source>
        <translation>(mit Zurücknahmen)</translation>
    </message>
    <message>
        <source>Autosave is failing — save the game yourself (Ctrl+Shift+S)</source>
        <translation>Automatisches Speichern schlägt fehl – speichern Sie das Spiel selbst (Strg+Umschalt+S)</translation>
    </message>
    <message>
        <source>The game cannot be autosaved in {folder}: {reason}</source>
        <translation>Das Spiel kann nicht in {folder} automatisch gespeichert werden: {reason}</translation>
    </message>
    <message>
        <source>Autosave failed</source>
        <translation>Automatisches Speichern fehlgeschlagen</translation>
    </message>
    <message>
        <source>The game cannot be autosaved: {reason}

Folder: {folder}

The game goes on. Until autosaving works again, save it yourself with Game → Save as; the red note in the status bar stays while autosaving fails.</source>
        <translation>Das Spiel kann nicht automatisch gespeichert werden: {reason}

Ordner: {folder}

Das Spiel geht weiter. Bis das automatische Speichern wieder klappt, speichern Sie es selbst mit Spiel → Speichern unter; der rote Hinweis in der Statusleiste bleibt so lange stehen.</translation>
    </message>
    <message>
        <source>Autosaving works again.</source>
        <translation>Automatisches Speichern klappt wieder.</translation>
    </message>
    <message>
        <source>Every neighborhood is in the city.</source>
        <translation>Alle Stadtteile liegen in der Stadt.</translation>
    </message>
    <message>
        <source>N moves a piece you are placing to the next legal spot: pick one up first (B, T or S).</source>
        <translation>N bewegt ein Teil, das Sie gerade legen, zum nächsten erlaubten Platz: Nehmen Sie zuerst eines auf (B, T oder S).</translation>
    </message>
    <message>
        <source>Cannot start the game</source>
        <translation>Das Spiel kann nicht gestartet werden</translation>
    </message>
    <message>
        <source>Setup: neighborhood {tile} waits on a legal spot; Enter or a click places it, N moves it, R turns it (or take one of {tiles}).</source>
        <translation>Aufbau: Stadtteil {tile} wartet auf einem erlaubten Platz; Eingabe oder ein Klick legt ihn, N versetzt ihn, R dreht ihn (oder nehmen Sie einen von {tiles}).</translation>
    </message>
    <message>
        <source>{building}: 1 legal spot lit green. Enter builds there, R turns, Esc cancels.</source>
        <translation>{building}: 1 erlaubter Platz grün. Eingabe baut dort, R dreht, Esc bricht ab.</translation>
    </message>
    <message>
        <source>{building}: {n} legal spots lit green. Enter builds, N next spot, R turns, Esc cancels.</source>
        <translation>{building}: {n} erlaubte Plätze grün. Eingabe baut, N nächster Platz, R dreht, Esc bricht ab.</translation>
    </message>
    <message>
        <source>Place a second streetcar on a lit street (click, or N and Enter), or press Done (D).</source>
        <translation>Legen Sie eine zweite Straßenbahn auf eine hervorgehobene Straße (Klick, oder N und Eingabe) oder drücken Sie Fertig (D).</translation>
    </message>
    <message>
        <source>You need card {card} to place this piece.</source>
        <translation>Für dieses Teil brauchen Sie die Karte {card}.</translation>
    </message>
    <message>
        <source>Choose a &amp;building…</source>
        <translation>&amp;Gebäude wählen…</translation>
    </message>
    <message>
        <source>Pass and end the game?</source>
        <translation>Passen und das Spiel beenden?</translation>
    </message>
    <message>
        <source>Passing now ends the game. Pass anyway?</source>
        <translation>Wenn Sie jetzt passen, endet das Spiel. Trotzdem passen?</translation>
    </message>
    <message>
        <source>Pass and &amp;end the game</source>
        <translation>Passen und Spiel &amp;beenden</translation>
    </message>
    <message>
        <source>&amp;Keep playing</source>
        <translation>&amp;Weiterspielen</translation>
    </message>
    <message>
        <source>Supply: the arrow keys choose a piece (✓: you can build it now), Enter picks it up.</source>
        <translation>Vorrat: Die Pfeiltasten wählen ein Teil (✓: jetzt baubar), Eingabe nimmt es auf.</translation>
    </message>
    <message>
        <source>No legal spot for {building} with your cards now; hover the board to see why.</source>
        <translation>Kein erlaubter Platz für {building} mit Ihren Karten; zeigen Sie auf das Spielfeld, um den Grund zu sehen.</translation>
    </message>
    <message>
        <source>neighborhood {tile} fits nowhere now</source>
        <translation>Stadtteil {tile} passt jetzt nirgends hin</translation>
    </message>
    <message>
        <source>Neighborhood {n}: legal spots outlined. Enter places it, N next spot, R turns, Esc cancels.</source>
        <translation>Stadtteil {n}: erlaubte Plätze umrandet. Eingabe legt ihn, N nächster Platz, R dreht, Esc bricht ab.</translation>
    </message>
    <message>
        <source>finish drawing first</source>
        <translation>ziehen Sie zuerst fertig</translation>
    </message>
    <message>
        <source>no street can take a streetcar now</source>
        <translation>keine Straße kann jetzt eine Straßenbahn aufnehmen</translation>
    </message>
    <message>
        <source>Click a lit street (or press N and Enter) to place a streetcar; Esc cancels.</source>
        <translation>Klicken Sie auf eine hervorgehobene Straße (oder N und Eingabe), um eine Straßenbahn zu legen; Esc bricht ab.</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <source>Property {card} is outlined on the board.</source>
        <translation>Grundstück {card} ist auf dem Spielfeld umrandet.</translation>
    </message>
    <message>
        <source>Property {card} is not in the city yet (neighborhood {tile} has not been placed).</source>
        <translation>Grundstück {card} ist noch nicht in der Stadt (Stadtteil {tile} wurde noch nicht gelegt).</translation>
    </message>
    <message>
        <source>Property {prop} is free — you hold its card.</source>
        <translation>Grundstück {prop} ist frei – Sie haben seine Karte.</translation>
    </message>
    <message>
        <source>Property {prop} is free.</source>
        <translation>Grundstück {prop} ist frei.</translation>
    </message>
    <message>
        <source>Property {prop}: {building} of nobody, scored {score}.</source>
        <translation>Grundstück {prop}: {building} ohne Besitzer, {score} Punkte.</translation>
    </message>
    <message>
        <source>Property {prop}: your {building}, scored {score}.</source>
        <translation>Grundstück {prop}: {building} von Ihnen, {score} Punkte.</translation>
    </message>
    <message>
        <source>Property {prop}: {building} of {player}, scored {score}.</source>
        <translation>Grundstück {prop}: {building} von {player}, {score} Punkte.</translation>
    </message>
    <message>
        <source>A hint is available on your turn.</source>
        <translation>Einen Tipp gibt es, wenn Sie am Zug sind.</translation>
    </message>
    <message>
        <source>Hints are not available.</source>
        <translation>Tipps sind nicht verfügbar.</translation>
    </message>
    <message>
        <source>Thinking of a hint…</source>
        <translation>Suche einen Tipp…</translation>
    </message>
    <message>
        <source>Hint: {text}</source>
        <translation>Tipp: {text}</translation>
    </message>
    <message>
        <source>Save game</source>
        <translation>Spiel speichern</translation>
    </message>
    <message>
        <source>Cannot save the game</source>
        <translation>Das Spiel kann nicht gespeichert werden</translation>
    </message>
    <message>
        <source>Saved to {path}.</source>
        <translation>Gespeichert in {path}.</translation>
    </message>
    <message>
        <source>Open game</source>
        <translation>Spiel öffnen</translation>
    </message>
    <message>
        <source>A game is being opened already.</source>
        <translation>Es wird bereits ein Spiel geöffnet.</translation>
    </message>
    <message>
        <source>Opened {file}.</source>
        <translation>{file} geöffnet.</translation>
    </message>
    <message>
        <source>Cannot open the game</source>
        <translation>Das Spiel kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>{file} cannot be opened: {reason}

Nothing was changed.</source>
        <translation>{file} kann nicht geöffnet werden: {reason}

Es wurde nichts verändert.</translation>
    </message>
    <message>
        <source>Opening {file}…</source>
        <translation>Öffne {file}…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Opening a game</source>
        <translation>Spiel wird geöffnet</translation>
    </message>
    <message>
        <source>Opening {file}: action {done} of {total}</source>
        <translation>Öffne {file}: Aktion {done} von {total}</translation>
    </message>
    <message>
        <source>Opening the game was cancelled; nothing was changed.</source>
        <translation>Das Öffnen des Spiels wurde abgebrochen; es wurde nichts verändert.</translation>
    </message>
    <message>
        <source>That game is open in another window.</source>
        <translation>Dieses Spiel ist in einem anderen Fenster geöffnet.</translation>
    </message>
    <message>
        <source>Welcome back: the game goes on where it stood.</source>
        <translation>Willkommen zurück: Das Spiel geht dort weiter, wo es stand.</translation>
    </message>
    <message>
        <source>Looking for your unfinished games…</source>
        <translation>Ihre nicht beendeten Spiele werden gesucht…</translation>
    </message>
    <message>
        <source>Reading the autosaved game: action {done} of {total}</source>
        <translation>Das automatisch gespeicherte Spiel wird gelesen: Zug {done} von {total}</translation>
    </message>
    <message>
        <source>Autosaved game kept</source>
        <translation>Automatisch gespeichertes Spiel aufbewahrt</translation>
    </message>
    <message>
        <source>There is no game to replay.</source>
        <translation>Es gibt kein Spiel zum Wiedergeben.</translation>
    </message>
    <message>
        <source>The replay shows every hand: it comes when the game is over.</source>
        <translation>Die Wiedergabe zeigt jede Hand: Sie kommt, wenn das Spiel vorbei ist.</translation>
    </message>
    <message>
        <source>The replay shows every hand: it can be watched when the game is over.</source>
        <translation>Die Wiedergabe zeigt alle Hände: Sie kann angesehen werden, wenn das Spiel vorbei ist.</translation>
    </message>
    <message>
        <source>Open replay</source>
        <translation>Wiedergabe öffnen</translation>
    </message>
    <message>
        <source>A replay is being opened already.</source>
        <translation>Es wird bereits eine Wiedergabe geöffnet.</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>%1 wird geöffnet…</translation>
    </message>
    <message>
        <source>Opening a replay</source>
        <translation>Wiedergabe wird geöffnet</translation>
    </message>
    <message>
        <source>Opening the replay was cancelled.</source>
        <translation>Das Öffnen der Wiedergabe wurde abgebrochen.</translation>
    </message>
    <message>
        <source>The new language is used when Big City Desktop is started again.</source>
        <translation>Die neue Sprache gilt beim nächsten Start von Big City Desktop.</translation>
    </message>
    <message>
        <source>Pass this turn?</source>
        <translation>Passen?</translation>
    </message>
    <message>
        <source>Pass this turn? You build nothing and draw no cards.</source>
        <translation>Diesen Zug passen? Sie bauen nichts und ziehen keine Karten.</translation>
    </message>
    <message>
        <source>Pass</source>
        <translation>Passen</translation>
    </message>
    <message>
        <source>About Big City Desktop</source>
        <translation>Über Big City Desktop</translation>
    </message>
    <message>
        <source>Log &amp;&amp; chart</source>
        <translation>Protokoll &amp;&amp; Verlauf</translation>
    </message>
    <message>
        <source>Show or hide the panel sheet over the table: the game log, the score chart, the network table (F9)</source>
        <translation>Tafelblatt über dem Tisch zeigen oder verbergen: Spielprotokoll, Punkteverlauf, Netzwerk-Tisch (F9)</translation>
    </message>
    <message>
        <source>Lot {card} is not in the city yet.</source>
        <translation>Grundstück {card} ist noch nicht in der Stadt.</translation>
    </message>
    <message>
        <source>Nothing can be built on lot {card} with your cards now.</source>
        <translation>Auf Grundstück {card} kann mit Ihren Karten jetzt nichts gebaut werden.</translation>
    </message>
    <message>
        <source>The card went back: it was let go off the board.</source>
        <translation>Die Karte ist wieder auf der Hand: Sie wurde neben dem Spielfeld losgelassen.</translation>
    </message>
    <message>
        <source>Card {card} is for lot {card}, not lot {lot}: it went back.</source>
        <translation>Karte {card} gehört zu Grundstück {card}, nicht zu Grundstück {lot}: Sie ist wieder auf der Hand.</translation>
    </message>
    <message>
        <source>Card {card} is for lot {card}: it went back.</source>
        <translation>Karte {card} gehört zu Grundstück {card}: Sie ist wieder auf der Hand.</translation>
    </message>
    <message>
        <source>{building} on {lots}: {score} points</source>
        <translation>{building} auf {lots}: {score} Punkte</translation>
    </message>
</context>
<context>
    <name>Guide</name>
    <message>
        <source>{n} cards</source>
        <translation>{n} Karten</translation>
    </message>
    <message>
        <source>{size} with {n} players</source>
        <translation>{size} bei {n} Spielern</translation>
    </message>
    <message>
        <source>Together you build one city, neighborhood by neighborhood. Every building scores once, for the player who puts it up; when the game ends the highest score wins, and ties stay ties.</source>
        <translation>Gemeinsam bauen Sie eine Stadt, Stadtteil für Stadtteil. Jedes Gebäude bringt einmal Punkte, und zwar dem, der es baut; am Ende gewinnt die höchste Punktzahl, ein Gleichstand bleibt ein Gleichstand.</translation>
    </message>
    <message>
        <source>Big City is for {low} to {high} players ({jlow} to {jhigh} in the jumbo edition).</source>
        <translation>Big City ist für {low} bis {high} Spieler ({jlow} bis {jhigh} in der Jumbo-Ausgabe).</translation>
    </message>
    <message>
        <source>You build with property cards: card 23 is lot 3 of neighborhood 2, and you may build on a lot only while you hold its card. Your hand holds {hand}; the cards come from {stacks} stacks, one for each neighborhood.</source>
        <translation>Gebaut wird mit Grundstückskarten: Karte 23 ist Grundstück 3 von Stadtteil 2, und Sie dürfen nur auf einem Grundstück bauen, dessen Karte Sie halten. Ihre Hand hat {hand}; die Karten kommen von {stacks} Stapeln, einem für jeden Stadtteil.</translation>
    </message>
    <message>
        <source>The goal</source>
        <translation>Das Ziel</translation>
    </message>
    <message>
        <source>&lt;b&gt;Park or factory&lt;/b&gt;: play a park or factory card and put its piece on free lots.</source>
        <translation>&lt;b&gt;Park oder Fabrik&lt;/b&gt;: eine Park- oder Fabrikkarte ausspielen und ihr Teil auf freie Grundstücke setzen.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Streetcar&lt;/b&gt;: lay streetcars along the streets.</source>
        <translation>&lt;b&gt;Straßenbahn&lt;/b&gt;: Straßenbahnen auf die Straßen legen.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Neighborhood&lt;/b&gt;: lay a neighborhood that is not yet in the city.</source>
        <translation>&lt;b&gt;Stadtteil&lt;/b&gt;: einen Stadtteil anlegen, der noch nicht in der Stadt liegt.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Exchange&lt;/b&gt;: give back any of your cards and draw new ones.</source>
        <translation>&lt;b&gt;Tauschen&lt;/b&gt;: beliebige Karten abgeben und neue ziehen.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Pass&lt;/b&gt;.</source>
        <translation>&lt;b&gt;Passen&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>On your turn you take exactly one action:</source>
        <translation>In Ihrem Zug machen Sie genau eine Aktion:</translation>
    </message>
    <message>
        <source>Streetcars, neighborhoods, parks, factories and the special buildings open on the turn after City Hall is built.</source>
        <translation>Straßenbahnen, Stadtteile, Parks, Fabriken und die Sondergebäude sind ab dem Zug nach dem Bau des Rathauses erlaubt.</translation>
    </message>
    <message>
        <source>Then you draw back up to {hand}, one card at a time, at most {n} from any one stack.</source>
        <translation>Dann ziehen Sie wieder auf {hand} auf, Karte für Karte, höchstens {n} von einem Stapel.</translation>
    </message>
    <message>
        <source>Then you draw back up to {hand}, one card at a time, at most {n} from any one stack while another stack can still give one.</source>
        <translation>Dann ziehen Sie wieder auf {hand} auf, Karte für Karte, höchstens {n} von einem Stapel, solange ein anderer Stapel noch eine geben kann.</translation>
    </message>
    <message>
        <source>A turn</source>
        <translation>Ein Zug</translation>
    </message>
    <message>
        <source>A single business in hand, with the cards 13, 19, 25 and 32: those lots light up.</source>
        <translation>Ein einfaches Geschäft in der Hand, mit den Karten 13, 19, 25 und 32: Diese Grundstücke leuchten.</translation>
    </message>
    <message>
        <source>{n} players: {tiles}</source>
        <translation>{n} Spieler: {tiles}</translation>
    </message>
    <message>
        <source>The city is made of {n} neighborhoods. Neighborhood 1 starts it; then the players lay more of them in turn before the first building goes up ({tiles}).</source>
        <translation>Die Stadt besteht aus {n} Stadtteilen. Stadtteil 1 beginnt sie; dann legen die Spieler reihum weitere an, bevor das erste Gebäude steht ({tiles}).</translation>
    </message>
    <message>
        <source>A new neighborhood must touch the city with at least two of its lots, and may be turned any way round. Once City Hall stands, laying one of the others is an action of its own.</source>
        <translation>Ein neuer Stadtteil muss die Stadt mit mindestens zwei seiner Grundstücke berühren und darf beliebig gedreht werden. Steht das Rathaus, ist das Anlegen eines weiteren eine eigene Aktion.</translation>
    </message>
    <message>
        <source>You may hold, draw and exchange the cards of a neighborhood that is not yet in the city, but you can build on its lots only once it is laid.</source>
        <translation>Die Karten eines Stadtteils, der noch nicht in der Stadt liegt, dürfen Sie halten, ziehen und tauschen, aber auf seinen Grundstücken bauen Sie erst, wenn er liegt.</translation>
    </message>
    <message>
        <source>The neighborhoods</source>
        <translation>Die Stadtteile</translation>
    </message>
    <message>
        <source>Neighborhood 3 in hand, on a place where it may go.</source>
        <translation>Stadtteil 3 in der Hand, auf einem Platz, wo er hin darf.</translation>
    </message>
    <message>
        <source>A lot that touches the open land around the city is in the &lt;b&gt;outskirts&lt;/b&gt; (green on the board); a lot that the city surrounds is in the &lt;b&gt;city centre&lt;/b&gt; (orange). A hole closed in by the city counts as centre.</source>
        <translation>Ein Grundstück, das an das offene Land um die Stadt grenzt, liegt am &lt;b&gt;Stadtrand&lt;/b&gt; (grün auf dem Spielfeld); ein Grundstück, das die Stadt umschließt, liegt in der &lt;b&gt;Innenstadt&lt;/b&gt; (orange). Ein Loch, das die Stadt umschließt, zählt zur Innenstadt.</translation>
    </message>
    <message>
        <source>A building is in the outskirts if any of its lots is, and in the centre only if all of them are. That is judged when it is built: a building never scores again, however the city grows around it.</source>
        <translation>Ein Gebäude liegt am Stadtrand, wenn eines seiner Grundstücke dort liegt, und in der Innenstadt nur, wenn alle dort liegen. Das gilt beim Bau: Ein Gebäude wird nie neu gewertet, wie auch immer die Stadt um es herum wächst.</translation>
    </message>
    <message>
        <source>As neighborhoods are added, outskirts become centre: lot 16 was outskirts until neighborhood 2 was laid beside it.</source>
        <translation>Mit neuen Stadtteilen wird Stadtrand zur Innenstadt: Grundstück 16 lag am Stadtrand, bis Stadtteil 2 daneben gelegt wurde.</translation>
    </message>
    <message>
        <source>Outskirts and city centre</source>
        <translation>Stadtrand und Innenstadt</translation>
    </message>
    <message>
        <source>Neighborhoods 1, 2 and 3: green outskirts, orange centre.</source>
        <translation>Stadtteile 1, 2 und 3: grün der Stadtrand, orange die Innenstadt.</translation>
    </message>
    <message>
        <source>{variant} {points}</source>
        <translation>{variant} {points}</translation>
    </message>
    <message>
        <source>Add the bonuses to the base, then multiply by the &lt;b&gt;highest&lt;/b&gt; multiplier that applies (never by two of them). While you hold a piece, its bubble tells what it would score there and why.</source>
        <translation>Zählen Sie die Zuschläge zum Grundwert, dann multiplizieren Sie mit dem &lt;b&gt;höchsten&lt;/b&gt; zutreffenden Faktor (nie mit zweien). Solange Sie ein Teil halten, sagt seine Blase, was es dort brächte und warum.</translation>
    </message>
    <message>
        <source>What scores</source>
        <translation>Was Punkte bringt</translation>
    </message>
    <message>
        <source>A double residence in hand beside the streetcar line: the bubble adds it up.</source>
        <translation>Ein doppeltes Wohnhaus in der Hand neben der Straßenbahnlinie: Die Blase rechnet es vor.</translation>
    </message>
    <message>
        <source>&lt;b&gt;City Hall&lt;/b&gt; may be built at any time, {where}; it scores {points}. It opens the rest of the game: from the next player&apos;s turn on, streetcars, neighborhoods, parks, factories and the special buildings may be built, and the businesses next to it score more.</source>
        <translation>Das &lt;b&gt;Rathaus&lt;/b&gt; darf jederzeit gebaut werden, {where}; es bringt {points}. Es öffnet den Rest des Spiels: Ab dem Zug des nächsten Spielers sind Straßenbahnen, Stadtteile, Parks, Fabriken und die Sondergebäude erlaubt, und Geschäfte daneben bringen mehr.</translation>
    </message>
    <message>
        <source>{points} points</source>
        <translation>{points} Punkte</translation>
    </message>
    <message>
        <source>The special buildings:</source>
        <translation>Die Sondergebäude:</translation>
    </message>
    <message>
        <source>&lt;b&gt;{building}&lt;/b&gt; scores nothing itself: {when}.</source>
        <translation>&lt;b&gt;{building}&lt;/b&gt; bringt selbst keine Punkte: {when}.</translation>
    </message>
    <message>
        <source>City Hall and the special buildings</source>
        <translation>Das Rathaus und die Sondergebäude</translation>
    </message>
    <message>
        <source>City Hall on 15: the businesses beside it score double.</source>
        <translation>Das Rathaus auf 15: Die Geschäfte daneben zählen doppelt.</translation>
    </message>
    <message>
        <source>The line may branch, but never close a loop.</source>
        <translation>Die Linie darf sich verzweigen, aber nie zu einem Ring schließen.</translation>
    </message>
    <message>
        <source>The line may not branch: each new streetcar extends one of its two ends.</source>
        <translation>Die Linie darf sich nicht verzweigen: Jede neue Straßenbahn verlängert eines ihrer beiden Enden.</translation>
    </message>
    <message>
        <source>There are {count} streetcars. The first streetcar action lays {first}; every later one up to {later}, each joined to the line. {line}</source>
        <translation>Es gibt {count} Straßenbahnen. Die erste Straßenbahn-Aktion legt {first}, jede spätere bis zu {later}, jede an die Linie anschließend. {line}</translation>
    </message>
    <message>
        <source>A building is next to the line when a streetcar lies along one of its outer streets (touching a corner is not enough); see What scores and the special buildings for what that is worth. A street under a building of several lots takes no streetcar.</source>
        <translation>Ein Gebäude liegt an der Linie, wenn eine Straßenbahn an einer seiner äußeren Straßen liegt (eine Ecke zu berühren genügt nicht); was das wert ist, steht bei „Was Punkte bringt“ und bei den Sondergebäuden. Eine Straße unter einem Gebäude aus mehreren Grundstücken nimmt keine Straßenbahn auf.</translation>
    </message>
    <message>
        <source>Streetcars</source>
        <translation>Straßenbahnen</translation>
    </message>
    <message>
        <source>A streetcar line of four pieces; the double residence on 33 and 36, built beside it, scored double.</source>
        <translation>Eine Straßenbahnlinie aus vier Teilen; das doppelte Wohnhaus auf 33 und 36, daneben gebaut, zählte doppelt.</translation>
    </message>
    <message>
        <source>Besides a complete city, the game ends only {end}.</source>
        <translation>Außer mit der vollständigen Stadt endet das Spiel nur {end}.</translation>
    </message>
    <message>
        <source>Drag a card from your hand onto its lot: a menu offers the buildings that may stand there, with their scores. A park or factory card (or the park or factory in the Supply) carries its piece.</source>
        <translation>Ziehen Sie eine Karte aus Ihrer Hand auf ihr Grundstück: Ein Menü bietet die Gebäude an, die dort stehen dürfen, mit ihren Punkten. Eine Park- oder Fabrikkarte (oder der Park oder die Fabrik im Vorrat) trägt ihr Teil.</translation>
    </message>
    <message>
        <source>Where a piece cannot go, the reason appears beside the pointer.</source>
        <translation>Wo ein Teil nicht hin darf, steht der Grund neben dem Mauszeiger.</translation>
    </message>
    <message>
        <source>{key}, or the City view button, switches between the model city (where a new player starts) and the flat plan.</source>
        <translation>{key} oder die Schaltfläche Stadtansicht wechselt zwischen der Modellstadt (mit der man anfängt) und dem flachen Plan.</translation>
    </message>
    <message>
        <source>{key}, or the Log &amp; chart button, shows the game log and the score chart beside the board.</source>
        <translation>{key} oder die Schaltfläche Protokoll &amp; Verlauf zeigt das Spielprotokoll und den Punkteverlauf neben dem Spielfeld.</translation>
    </message>
    <message>
        <source>when as many turns in a row as there are players were passes</source>
        <translation>wenn so viele Züge hintereinander gepasst wurde, wie es Spieler gibt</translation>
    </message>
    <message>
        <source>A city in the making, seen as the model city.</source>
        <translation>Eine Stadt im Werden, als Modellstadt gesehen.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Build&lt;/b&gt;: put up a building on lots whose cards you hold.</source>
        <translation>&lt;b&gt;Bauen&lt;/b&gt;: ein Gebäude auf Grundstücken errichten, deren Karten Sie halten.</translation>
    </message>
    <message>
        <source>A card whose lot already holds a building is useless: it is struck through in your hand, discarded at the start of your turn and replaced when you draw.</source>
        <translation>Eine Karte, auf deren Grundstück schon ein Gebäude steht, ist nutzlos: Sie ist in Ihrer Hand durchgestrichen, wird zu Beginn Ihres Zuges abgelegt und beim Ziehen ersetzt.</translation>
    </message>
    <message>
        <source>A card whose lot already holds a building is useless: it is struck through in your hand and stays there until you exchange it.</source>
        <translation>Eine Karte, auf deren Grundstück schon ein Gebäude steht, ist nutzlos: Sie ist in Ihrer Hand durchgestrichen und bleibt dort, bis Sie sie tauschen.</translation>
    </message>
    <message>
        <source>Residences and businesses come as single, double and triple buildings, on one, two or three lots in a row. Base points: {values}.</source>
        <translation>Wohnhäuser und Geschäfte gibt es einfach, doppelt und dreifach, auf einem, zwei oder drei Grundstücken in einer Reihe. Grundwert: {values}.</translation>
    </message>
    <message>
        <source>at the end of a round in which every action was a pass or an exchange</source>
        <translation>am Ende einer Runde, in der jede Aktion Passen oder Tauschen war</translation>
    </message>
    <message>
        <source>The game ends at once when all {n} neighborhoods are laid and every lot holds a building (parks and factories count), or {end}.</source>
        <translation>Das Spiel endet sofort, wenn alle {n} Stadtteile liegen und auf jedem Grundstück ein Gebäude steht (Parks und Fabriken zählen mit), oder {end}.</translation>
    </message>
    <message>
        <source>The highest score wins; ties stay ties. A pass that would end the game always asks first, with Keep playing as the default.</source>
        <translation>Die höchste Punktzahl gewinnt; ein Gleichstand bleibt ein Gleichstand. Ein Passen, das das Spiel beenden würde, fragt immer erst nach, mit „Weiterspielen“ als Vorgabe.</translation>
    </message>
    <message>
        <source>The end of the game</source>
        <translation>Das Ende des Spiels</translation>
    </message>
    <message>
        <source>For {low} to {high} players.</source>
        <translation>Für {low} bis {high} Spieler.</translation>
    </message>
    <message>
        <source>The start player begins on 0 points, the next players on 1, 2 and 3.</source>
        <translation>Der Startspieler beginnt mit 0 Punkten, die nächsten Spieler mit 1, 2 und 3.</translation>
    </message>
    <message>
        <source>City Hall is worth {start} at first and {step} more after every round it is not built, up to {max}.</source>
        <translation>Das Rathaus ist anfangs {start} wert und nach jeder Runde, in der es nicht gebaut wurde, {step} mehr, höchstens {max}.</translation>
    </message>
    <message>
        <source>The streetcar line may not branch: each new streetcar extends one of its two ends.</source>
        <translation>Die Straßenbahnlinie darf sich nicht verzweigen: Jede neue Straßenbahn verlängert eines ihrer beiden Enden.</translation>
    </message>
    <message>
        <source>You draw at most {n} card from a stack while another stack can still give one.</source>
        <translation>Sie ziehen höchstens {n} Karte von einem Stapel, solange ein anderer Stapel noch eine geben kann.</translation>
    </message>
    <message>
        <source>An exchange draws as many cards as it gave back (at most {n} from a stack), before the refill.</source>
        <translation>Ein Tausch zieht so viele Karten, wie er abgegeben hat (höchstens {n} von einem Stapel), vor dem Auffüllen.</translation>
    </message>
    <message>
        <source>{building}: {n} pieces instead of {old}.</source>
        <translation>{building}: {n} Teile statt {old}.</translation>
    </message>
    <message>
        <source>The 20th anniversary jumbo edition plays the same way, with these differences:</source>
        <translation>Die Jumbo-Ausgabe zum 20. Jubiläum spielt sich genauso, mit diesen Unterschieden:</translation>
    </message>
    <message>
        <source>&lt;b&gt;Redevelopment.&lt;/b&gt; After every round each player offers 1 or 2 cards, face up or face down. Then the players take as many cards as they offered from the others&apos; offers: those who offered face up choose first, the lowest score first. A card that cannot be built now must be offered face down.</source>
        <translation>&lt;b&gt;Sanierung.&lt;/b&gt; Nach jeder Runde bietet jeder Spieler 1 oder 2 Karten an, offen oder verdeckt. Dann nehmen sich die Spieler so viele Karten aus den Angeboten der anderen, wie sie angeboten haben: Wer offen angeboten hat, wählt zuerst, die niedrigste Punktzahl zuerst. Eine Karte, die jetzt nicht bebaut werden kann, muss verdeckt angeboten werden.</translation>
    </message>
    <message>
        <source>The jumbo edition</source>
        <translation>Die Jumbo-Ausgabe</translation>
    </message>
    <message>
        <source>Pick up a piece in the Supply (click it, or drag it onto the board): the lots where you may build it light up, and its bubble tells the score. Drop it on a lit lot, or click there.</source>
        <translation>Nehmen Sie ein Teil im Vorrat auf (anklicken oder auf das Spielfeld ziehen): Die Grundstücke, auf denen Sie es bauen dürfen, leuchten, und seine Blase sagt die Punkte. Lassen Sie es auf einem leuchtenden Grundstück los, oder klicken Sie dort.</translation>
    </message>
    <message>
        <source>R (or the mouse wheel) turns the piece in hand; Esc or a right click puts it back.</source>
        <translation>R (oder das Mausrad) dreht das Teil in der Hand; Esc oder ein Rechtsklick legt es zurück.</translation>
    </message>
    <message>
        <source>Tick cards in your hand and press Exchange; after your action click a stack to draw.</source>
        <translation>Markieren Sie Karten in Ihrer Hand und drücken Sie „Tauschen“; nach Ihrer Aktion klicken Sie zum Ziehen auf einen Stapel.</translation>
    </message>
    <message>
        <source>B goes to the Supply, Enter picks the piece up, N moves it to the next lit spot, Enter places it.</source>
        <translation>B geht zum Vorrat, Eingabe nimmt das Teil auf, N setzt es auf den nächsten leuchtenden Platz, Eingabe baut es.</translation>
    </message>
    <message>
        <source>Ctrl+Z takes your last move back, in games that allow take-backs.</source>
        <translation>Strg+Z nimmt Ihren letzten Zug zurück, in Spielen, die Zurücknahmen erlauben.</translation>
    </message>
    <message>
        <source>{key} plays full screen.</source>
        <translation>{key} schaltet auf Vollbild.</translation>
    </message>
    <message>
        <source>&lt;b&gt;With the mouse&lt;/b&gt;</source>
        <translation>&lt;b&gt;Mit der Maus&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;With the keyboard&lt;/b&gt;</source>
        <translation>&lt;b&gt;Mit der Tastatur&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Help → Keyboard lists every key, Help → Rules every value of the edition you play, and Help → Tutorial teaches a first game step by step.</source>
        <translation>Hilfe → Tastatur nennt jede Taste, Hilfe → Regeln jeden Wert der gespielten Ausgabe, und Hilfe → Einführung lehrt ein erstes Spiel Schritt für Schritt.</translation>
    </message>
    <message>
        <source>The programs for the command line (bigcity-cli, bigcity-server) are described in the README that comes with Big City Desktop.</source>
        <translation>Die Programme für die Befehlszeile (bigcity-cli, bigcity-server) beschreibt die README, die Big City Desktop beiliegt.</translation>
    </message>
    <message>
        <source>Playing here</source>
        <translation>So spielt man hier</translation>
    </message>
    <message>
        <source>How to play Big City</source>
        <translation>So wird Big City gespielt</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>Inhalt</translation>
    </message>
    <message>
        <source>&lt; &amp;Back</source>
        <translation>&lt; &amp;Zurück</translation>
    </message>
    <message>
        <source>&amp;Next &gt;</source>
        <translation>&amp;Weiter &gt;</translation>
    </message>
</context>
<context>
    <name>Home</name>
    <message>
        <source>Build a city lot by lot, for the best score.</source>
        <translation>Bauen Sie eine Stadt, Grundstück für Grundstück, für die meisten Punkte.</translation>
    </message>
    <message>
        <source>Continue</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>All unfinished games…</source>
        <translation>Alle offenen Spiele…</translation>
    </message>
    <message>
        <source>New game</source>
        <translation>Neues Spiel</translation>
    </message>
    <message>
        <source>Tutorial</source>
        <translation>Einführung</translation>
    </message>
    <message>
        <source>Puzzles</source>
        <translation>Rätsel</translation>
    </message>
    <message>
        <source>Play online</source>
        <translation>Online spielen</translation>
    </message>
    <message>
        <source>Sandbox</source>
        <translation>Sandkasten</translation>
    </message>
    <message>
        <source>Hom&amp;e</source>
        <translation>&amp;Zur Startseite</translation>
    </message>
    <message>
        <source>Put the finished game away and go back to the home screen</source>
        <translation>Das fertige Spiel weglegen und zur Startseite zurückgehen</translation>
    </message>
</context>
<context>
    <name>KeyboardDialog</name>
    <message>
        <source>Arrow keys</source>
        <translation>Pfeiltasten</translation>
    </message>
    <message>
        <source>Move the board cursor over the lots (and the streets while placing a streetcar)</source>
        <translation>Den Spielfeld-Cursor über die Grundstücke bewegen (beim Legen einer Straßenbahn auch über die Straßen)</translation>
    </message>
    <message>
        <source>Enter or Space</source>
        <translation>Eingabe oder Leertaste</translation>
    </message>
    <message>
        <source>Place the piece at the cursor; with no piece, tell what is under the cursor</source>
        <translation>Das Teil am Cursor ablegen; ohne Teil sagen, was unter dem Cursor ist</translation>
    </message>
    <message>
        <source>M</source>
        <translation>M</translation>
    </message>
    <message>
        <source>Mirror the L-shaped factory</source>
        <translation>Die L-förmige Fabrik spiegeln</translation>
    </message>
    <message>
        <source>Shift+R</source>
        <translation>Umschalt+R</translation>
    </message>
    <message>
        <source>Rotate the piece the other way</source>
        <translation>Das Teil in die andere Richtung drehen</translation>
    </message>
    <message>
        <source>Tab, Shift+Tab</source>
        <translation>Tab, Umschalt+Tab</translation>
    </message>
    <message>
        <source>Move the focus to the next (previous) control; the focused one is outlined</source>
        <translation>Den Fokus zum nächsten (vorherigen) Bedienelement bewegen; das fokussierte ist umrandet</translation>
    </message>
    <message>
        <source>Up, Down in a list</source>
        <translation>Auf, Ab in einer Liste</translation>
    </message>
    <message>
        <source>Choose a piece in the Supply, a card in your hand or a neighborhood</source>
        <translation>Ein Teil im Vorrat, eine Karte in Ihrer Hand oder einen Stadtteil wählen</translation>
    </message>
    <message>
        <source>Enter in a list</source>
        <translation>Eingabe in einer Liste</translation>
    </message>
    <message>
        <source>Pick up the chosen piece or neighborhood; in your hand, show the card&apos;s lot</source>
        <translation>Das gewählte Teil oder den Stadtteil aufnehmen; in Ihrer Hand das Grundstück der Karte zeigen</translation>
    </message>
    <message>
        <source>Space in your hand</source>
        <translation>Leertaste in Ihrer Hand</translation>
    </message>
    <message>
        <source>Tick or untick the card (for an exchange or a redevelopment offer)</source>
        <translation>Die Karte markieren oder die Markierung aufheben (für einen Tausch oder ein Angebot zur Sanierung)</translation>
    </message>
    <message>
        <source>Enter in the offers</source>
        <translation>Eingabe in den Angeboten</translation>
    </message>
    <message>
        <source>Take the chosen redevelopment card</source>
        <translation>Die gewählte Sanierungskarte nehmen</translation>
    </message>
    <message>
        <source>Keyboard</source>
        <translation>Tastatur</translation>
    </message>
    <message>
        <source>A whole game can be played with the keyboard. Pick up a piece (B for the Supply, T for a neighborhood, S for a streetcar), move it with the arrow keys or jump to a lit legal spot with N, and press Enter to place it. F6 moves between the board and the panels.</source>
        <translation>Eine ganze Partie lässt sich mit der Tastatur spielen. Nehmen Sie ein Teil auf (B für den Vorrat, T für einen Stadtteil, S für eine Straßenbahn), bewegen Sie es mit den Pfeiltasten oder springen Sie mit N zu einem hervorgehobenen erlaubten Platz, und drücken Sie Eingabe, um es abzulegen. F6 wechselt zwischen Spielfeld und Leisten.</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Taste</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Keys of the game</source>
        <translation>Tasten des Spiels</translation>
    </message>
    <message>
        <source>Place the piece at the cursor; with no piece, select the piece under it</source>
        <translation>Das Teil am Cursor ablegen; ohne Teil das Teil unter dem Cursor auswählen</translation>
    </message>
    <message>
        <source>Arrow keys in a list</source>
        <translation>Pfeiltasten in einer Liste</translation>
    </message>
    <message>
        <source>Choose a neighborhood in the tray or a building in the palette</source>
        <translation>Einen Stadtteil in der Ablage oder ein Gebäude in der Palette wählen</translation>
    </message>
    <message>
        <source>Pick up the chosen neighborhood or building</source>
        <translation>Den gewählten Stadtteil oder das gewählte Gebäude aufnehmen</translation>
    </message>
</context>
<context>
    <name>Learning</name>
    <message>
        <source>Tutorial</source>
        <extracomment>the bundled tutorials, in the order they are offered</extracomment>
        <translation>Einführung</translation>
    </message>
    <message>
        <source>Learn Big City by playing: a coach shows every step, and only the move being taught can be made. You can leave at any time and go on later where you left off.</source>
        <translation>Lernen Sie Big City beim Spielen: Ein Trainer zeigt jeden Schritt, und nur der Zug, um den es gerade geht, ist möglich. Sie können jederzeit aufhören und später dort weitermachen, wo Sie aufgehört haben.</translation>
    </message>
    <message>
        <source>Tutorials</source>
        <translation>Einführungen</translation>
    </message>
    <message>
        <source>Start &amp;again</source>
        <translation>Von &amp;vorn beginnen</translation>
    </message>
    <message>
        <source>{name} (cannot be used)</source>
        <translation>{name} (nicht verwendbar)</translation>
    </message>
    <message>
        <source>{title} — about {minutes} minutes</source>
        <translation>{title} – etwa {minutes} Minuten</translation>
    </message>
    <message>
        <source>(at step {n} of {count})</source>
        <translation>(bei Schritt {n} von {count})</translation>
    </message>
    <message>
        <source>(finished ✓)</source>
        <translation>(abgeschlossen ✓)</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>&amp;Fortsetzen</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Beginnen</translation>
    </message>
    <message>
        <source>Learning progress</source>
        <translation>Lernfortschritt</translation>
    </message>
    <message>
        <source>The saved place in the tutorial no longer fits it: it starts from the beginning.</source>
        <translation>Die gespeicherte Stelle passt nicht mehr zur Einführung: Sie beginnt von vorn.</translation>
    </message>
    <message>
        <source>No lesson is under way: Help → Tutorial, or Game → Puzzles.</source>
        <translation>Es läuft keine Lektion: Hilfe → Einführung oder Spiel → Rätsel.</translation>
    </message>
    <message>
        <source>Welcome to Big City</source>
        <translation>Willkommen bei Big City</translation>
    </message>
    <message>
        <source>New to Big City? A guided first game teaches you the whole game in about {minutes} minutes; then you can play against the easy bot.

The tutorial stays in the Help menu.</source>
        <translation>Neu bei Big City? Ein begleitetes erstes Spiel bringt Ihnen in etwa {minutes} Minuten das ganze Spiel bei; danach können Sie gegen den leichten Bot spielen.

Die Einführung bleibt im Menü Hilfe.</translation>
    </message>
    <message>
        <source>Start the tutorial</source>
        <translation>Einführung beginnen</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>Jetzt nicht</translation>
    </message>
</context>
<context>
    <name>Lessons</name>
    <message>
        <source>Your learning progress could not be read ({reason}); it was kept as {file}.</source>
        <translation>Ihr Lernfortschritt konnte nicht gelesen werden ({reason}); die Datei wurde als {file} aufbewahrt.</translation>
    </message>
    <message>
        <source>Your learning progress could not be saved: {reason}</source>
        <translation>Ihr Lernfortschritt konnte nicht gespeichert werden: {reason}</translation>
    </message>
    <message>
        <source>B chooses the building, Enter picks it up, Enter builds it.</source>
        <translation>B wählt das Gebäude, Eingabe nimmt es auf, Eingabe baut es.</translation>
    </message>
    <message>
        <source>The neighborhood is in hand: N moves it to the lit spot, Enter places it.</source>
        <translation>Der Stadtteil ist schon aufgenommen: N schiebt ihn auf den leuchtenden Platz, Eingabe legt ihn.</translation>
    </message>
    <message>
        <source>T picks up the neighborhood, N moves it to the lit spot, Enter places it.</source>
        <translation>T nimmt den Stadtteil auf, N schiebt ihn auf den leuchtenden Platz, Eingabe legt ihn.</translation>
    </message>
    <message>
        <source>The streetcar is in hand: N moves it to a lit street, Enter lays it.</source>
        <translation>Die Straßenbahn ist schon aufgenommen: N schiebt sie auf eine leuchtende Straße, Eingabe legt sie.</translation>
    </message>
    <message>
        <source>S picks up a streetcar, N moves it to a lit street, Enter lays it.</source>
        <translation>S nimmt eine Straßenbahn auf, N schiebt sie auf eine leuchtende Straße, Eingabe legt sie.</translation>
    </message>
    <message>
        <source>D ends the streetcars.</source>
        <translation>D beendet die Straßenbahnen.</translation>
    </message>
    <message>
        <source>The stack&apos;s number key draws from it.</source>
        <translation>Die Zifferntaste des Stapels zieht davon.</translation>
    </message>
    <message>
        <source>F6 goes to your hand, Space ticks a card, E exchanges the ticked cards.</source>
        <translation>F6 springt zu Ihrer Hand, Leertaste hakt eine Karte an, E tauscht die angehakten Karten.</translation>
    </message>
    <message>
        <source>F6 goes to your hand, Space ticks a card, Tab goes on to the offer buttons.</source>
        <translation>F6 springt zu Ihrer Hand, Leertaste hakt eine Karte an, Tab geht weiter zu den Anbieten-Knöpfen.</translation>
    </message>
    <message>
        <source>Up and Down choose an offered card, Enter takes it.</source>
        <translation>Auf und Ab wählen eine angebotene Karte, Eingabe nimmt sie.</translation>
    </message>
    <message>
        <source>P passes.</source>
        <translation>P passt.</translation>
    </message>
    <message>
        <source>{chapter} · step {n} of {count}</source>
        <translation>{chapter} · Schritt {n} von {count}</translation>
    </message>
    <message>
        <source>Enter or Alt+N: next · Alt+B: back · Esc or Alt+L: leave</source>
        <translation>Eingabe oder Alt+N: weiter · Alt+B: zurück · Esc oder Alt+L: verlassen</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <source>Leave</source>
        <translation>Verlassen</translation>
    </message>
    <message>
        <source>Finish</source>
        <translation>Abschließen</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Weiter</translation>
    </message>
    <message>
        <source>Read the note, then press Next.</source>
        <translation>Lesen Sie den Hinweis und drücken Sie dann „Weiter“.</translation>
    </message>
    <message>
        <source>Tutorial finished</source>
        <translation>Einführung abgeschlossen</translation>
    </message>
    <message>
        <source>&lt;p&gt;Well done: you know the whole game now.&lt;/p&gt;&lt;p&gt;Play a real game against the easy bot, or test yourself with the puzzles (Game → Puzzles…).&lt;/p&gt;</source>
        <translation>&lt;p&gt;Gut gemacht: Jetzt kennen Sie das ganze Spiel.&lt;/p&gt;&lt;p&gt;Spielen Sie eine echte Partie gegen den leichten Bot, oder prüfen Sie sich mit den Rätseln (Spiel → Rätsel…).&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Enter: a game against the easy bot · Esc: close</source>
        <translation>Eingabe: eine Partie gegen den leichten Bot · Esc: schließen</translation>
    </message>
    <message>
        <source>Puzzles…</source>
        <translation>Rätsel…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Play the easy bot</source>
        <translation>Gegen den leichten Bot</translation>
    </message>
    <message>
        <source>Goal: score at least {n} points this turn.</source>
        <translation>Ziel: mindestens {n} Punkte in diesem Zug.</translation>
    </message>
    <message>
        <source>Goal: score at least {n} points in your next {turns} turns.</source>
        <translation>Ziel: mindestens {n} Punkte in Ihren nächsten {turns} Zügen.</translation>
    </message>
    <message>
        <source>Goal: build the {building} within {turns} turns, scoring at least {n} points.</source>
        <translation>Ziel: Bauen Sie das Gebäude „{building}“ innerhalb von {turns} Zügen und erzielen Sie dabei mindestens {n} Punkte.</translation>
    </message>
    <message>
        <source>Goal: build the {building} within {turns} turns.</source>
        <translation>Ziel: Bauen Sie das Gebäude „{building}“ innerhalb von {turns} Zügen.</translation>
    </message>
    <message>
        <source>Goal: lead by at least {n} points after {turns} turns.</source>
        <translation>Ziel: nach {turns} Zügen mit mindestens {n} Punkten führen.</translation>
    </message>
    <message>
        <source>Goal: end the game within {turns} turns, in the lead.</source>
        <translation>Ziel: das Spiel innerhalb von {turns} Zügen in Führung liegend beenden.</translation>
    </message>
    <message>
        <source>a lead of {n}</source>
        <translation>einem Vorsprung von {n}</translation>
    </message>
    <message>
        <source>{n} points</source>
        <translation>{n} Punkten</translation>
    </message>
    <message>
        <source>Showing the answer, move by move…</source>
        <translation>Die Lösung wird Zug für Zug gezeigt…</translation>
    </message>
    <message>
        <source>Turn {turn} of {turns} · scored so far: {n}</source>
        <translation>Zug {turn} von {turns} · bisher erzielt: {n}</translation>
    </message>
    <message>
        <source>Puzzle {stars} · {title}</source>
        <translation>Rätsel {stars} · {title}</translation>
    </message>
    <message>
        <source>H: hint · Alt+B: restart · Esc or Alt+L: leave</source>
        <translation>H: Tipp · Alt+B: neu beginnen · Esc oder Alt+L: verlassen</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>Neu beginnen</translation>
    </message>
    <message>
        <source>Hint</source>
        <translation>Tipp</translation>
    </message>
    <message>
        <source>Show me</source>
        <translation>Zeig es mir</translation>
    </message>
    <message>
        <source>That was the answer</source>
        <translation>Das war die Lösung</translation>
    </message>
    <message>
        <source>This line reaches {value}, the best known. Now try it yourself: Try again.</source>
        <translation>Dieser Weg führt zu {value}, dem besten bekannten Ergebnis. Versuchen Sie es jetzt selbst: Noch einmal.</translation>
    </message>
    <message>
        <source>Solved!</source>
        <translation>Gelöst!</translation>
    </message>
    <message>
        <source>You reached the goal with {value}: the best there is.</source>
        <translation>Sie haben das Ziel mit {value} erreicht: besser geht es nicht.</translation>
    </message>
    <message>
        <source>Solved</source>
        <translation>Gelöst</translation>
    </message>
    <message>
        <source>You reached the goal with {value}. The best is {best}: try again?</source>
        <translation>Sie haben das Ziel mit {value} erreicht. Am besten geht es mit {best}: noch einmal versuchen?</translation>
    </message>
    <message>
        <source>Not this time</source>
        <translation>Diesmal nicht</translation>
    </message>
    <message>
        <source>The goal was not reached ({value}). Try again, or ask for a hint (H).</source>
        <translation>Das Ziel wurde nicht erreicht (mit {value}). Versuchen Sie es noch einmal, oder holen Sie sich einen Tipp (H).</translation>
    </message>
    <message>
        <source>Try again</source>
        <translation>Noch einmal</translation>
    </message>
    <message>
        <source>Next puzzle</source>
        <translation>Nächstes Rätsel</translation>
    </message>
    <message>
        <source>Enter: {button} · H: hint · Esc: leave</source>
        <translation>Eingabe: {button} · H: Tipp · Esc: verlassen</translation>
    </message>
    <message>
        <source>Thinking of a hint…</source>
        <translation>Suche einen Tipp…</translation>
    </message>
    <message>
        <source>From here the goal can no longer be reached: press Restart.</source>
        <translation>Von hier aus ist das Ziel nicht mehr zu erreichen: Drücken Sie „Neu beginnen“.</translation>
    </message>
    <message>
        <source>Hint: {text}</source>
        <translation>Tipp: {text}</translation>
    </message>
    <message>
        <source>No hint available: {reason}</source>
        <translation>Kein Tipp verfügbar: {reason}</translation>
    </message>
    <message>
        <source>&lt;b&gt;The puzzle is over.&lt;/b&gt;</source>
        <translation>&lt;b&gt;Das Rätsel ist vorbei.&lt;/b&gt;</translation>
    </message>
</context>
<context>
    <name>Loading</name>
    <message>
        <source>the file is too complex to open</source>
        <extracomment>records up to this size are opened at once, on the GUI thread after a long read, the window shows the game this long after the progress dialog goes (one redraw in between, not both in one long pause)</extracomment>
        <translation>die Datei ist zu verschachtelt zum Öffnen</translation>
    </message>
    <message>
        <source>opening the game was cancelled</source>
        <translation>das Öffnen des Spiels wurde abgebrochen</translation>
    </message>
</context>
<context>
    <name>LocalSession</name>
    <message>
        <source>there is no game to take a move back in</source>
        <extracomment>the record&apos;s `extra` entries of the take-back mark from this many moves on, a game&apos;s autosave is written on a thread of its own None: on against bots, off in hot-seat (two or more humans)</extracomment>
        <translation>es läuft kein Spiel, in dem ein Zug zurückgenommen werden könnte</translation>
    </message>
    <message>
        <source>take-backs are off in this game (New game → Allow take-backs)</source>
        <translation>Zurücknahmen sind in diesem Spiel ausgeschaltet (Neues Spiel → Zurücknahmen erlauben)</translation>
    </message>
    <message>
        <source>only bots play in this game: there is no move of yours to take back</source>
        <translation>in diesem Spiel spielen nur Bots: Es gibt keinen Zug von Ihnen zurückzunehmen</translation>
    </message>
    <message>
        <source>there is no move of yours to take back yet</source>
        <translation>es gibt noch keinen Zug von Ihnen zurückzunehmen</translation>
    </message>
    <message>
        <source>in hot-seat only %1&apos;s last move could be taken back, before another player acts</source>
        <translation>am gemeinsamen Bildschirm kann nur der letzte Zug von %1 zurückgenommen werden, bevor ein anderer Spieler handelt</translation>
    </message>
    <message>
        <source>there is nothing to take back</source>
        <translation>es gibt nichts zurückzunehmen</translation>
    </message>
    <message>
        <source>Move taken back: you choose again. The game is marked “with take-backs”.</source>
        <translation>Zug zurückgenommen: Sie wählen noch einmal. Das Spiel wird als „mit Zurücknahmen“ markiert.</translation>
    </message>
    <message>
        <source>Move taken back: %1 chooses again. The game is marked “with take-backs”.</source>
        <translation>Zug zurückgenommen: %1 wählt noch einmal. Das Spiel wird als „mit Zurücknahmen“ markiert.</translation>
    </message>
    <message>
        <source>there is nothing to redo</source>
        <translation>es gibt nichts wiederherzustellen</translation>
    </message>
    <message>
        <source>Move played again.</source>
        <translation>Zug erneut gespielt.</translation>
    </message>
</context>
<context>
    <name>MistakesModel</name>
    <message>
        <source>Round</source>
        <translation>Runde</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <source>Lost</source>
        <translation>Verlust</translation>
    </message>
    <message>
        <source>Move</source>
        <translation>Zug</translation>
    </message>
    <message>
        <source>the win</source>
        <translation>den Sieg</translation>
    </message>
</context>
<context>
    <name>Models</name>
    <message>
        <source>stack {stack}</source>
        <extracomment>numbers at the right of their column the most lines the game window&apos;s log keeps (the newest) a log that keeps every line (the replay window&apos;s) the log&apos;s lines in bold: the game&apos;s own events a line of the log: its text, the colour of its player (or None), the event&apos;s kind</extracomment>
        <translation>Stapel {stack}</translation>
    </message>
    <message>
        <source>{piece} ({card})</source>
        <translation>{piece} ({card})</translation>
    </message>
    <message>
        <source>{name} ({level})</source>
        <translation>{name} ({level})</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Punkte</translation>
    </message>
    <message>
        <source>Hand</source>
        <translation>Hand</translation>
    </message>
    <message>
        <source>Plays as</source>
        <translation>Spielt als</translation>
    </message>
    <message>
        <source>Stacks of the cards in this hand (card backs are public)</source>
        <translation>Stapel der Karten auf dieser Hand (Kartenrücken sind öffentlich)</translation>
    </message>
    <message>
        <source>{player} — {kind} (to move)</source>
        <translation>{player} – {kind} (am Zug)</translation>
    </message>
    <message>
        <source>{player} — {kind}</source>
        <translation>{player} – {kind}</translation>
    </message>
    <message>
        <source>* the {level} bot is not available in this build: the random bot plays instead</source>
        <translation>* der Bot „{level}“ fehlt in dieser Ausgabe: Stattdessen spielt der Zufallsbot</translation>
    </message>
    <message>
        <source>Hand: {cards} cards, from stacks {stacks} (card backs are public)</source>
        <translation>Hand: {cards} Karten, aus den Stapeln {stacks} (die Kartenrücken sind für alle sichtbar)</translation>
    </message>
    <message>
        <source>Hand: no cards</source>
        <translation>Hand: keine Karten</translation>
    </message>
    <message>
        <source>Buildings on the board: {built}</source>
        <translation>Gebäude auf dem Spielplan: {built}</translation>
    </message>
    <message>
        <source>Last move (round {round}): {move}</source>
        <translation>Letzter Zug (Runde {round}): {move}</translation>
    </message>
    <message>
        <source>{name}, marker {marker}</source>
        <translation>{name}, Zeichen {marker}</translation>
    </message>
    <message>
        <source>, to move</source>
        <translation>, am Zug</translation>
    </message>
    <message>
        <source>, score {score}, cards in hand: {cards}, buildings on the board: {built}</source>
        <translation>, Punkte: {score}, Karten auf der Hand: {cards}, Gebäude auf dem Spielplan: {built}</translation>
    </message>
    <message>
        <source>{card}  (useless)</source>
        <extracomment>what the players table says in each role: (row dict, row, column) -&gt; the value cards came into the same hand (drawn, taken in a redevelopment): the hand shows them fly in</extracomment>
        <translation>{card}  (nutzlos)</translation>
    </message>
    <message>
        <source>{card}  (not in the city yet)</source>
        <translation>{card}  (noch nicht in der Stadt)</translation>
    </message>
    <message>
        <source>{card}  (no place for it now)</source>
        <translation>{card}  (derzeit kein Platz dafür)</translation>
    </message>
    <message>
        <source>Property {card} already holds a building: this card is useless and will be discarded</source>
        <translation>Auf Grundstück {card} steht schon ein Gebäude: Diese Karte ist nutzlos und wird abgeworfen</translation>
    </message>
    <message>
        <source>Neighborhood {tile} is not in the city yet: you can keep, exchange or offer this card, not build with it</source>
        <translation>Stadtteil {tile} ist noch nicht in der Stadt: Sie können die Karte behalten, tauschen oder anbieten, aber nicht damit bauen</translation>
    </message>
    <message>
        <source>This park or factory has no place in the city now (it needs City Hall and a free spot of its shape): you can keep or exchange this card, or offer it face down</source>
        <translation>Dieser Park bzw. diese Fabrik hat derzeit keinen Platz in der Stadt (nötig sind das Rathaus und ein freier Platz passender Form): Sie können die Karte behalten, tauschen oder verdeckt anbieten</translation>
    </message>
    <message>
        <source>This park or factory has no place in the city now (it needs City Hall and a free spot of its shape): you can keep or exchange this card</source>
        <translation>Dieser Park bzw. diese Fabrik hat derzeit keinen Platz in der Stadt (nötig sind das Rathaus und ein freier Platz passender Form): Sie können die Karte behalten oder tauschen</translation>
    </message>
    <message>
        <source>Play this card to build its park or factory (double-click)</source>
        <translation>Spielen Sie diese Karte, um ihren Park oder ihre Fabrik zu bauen (Doppelklick)</translation>
    </message>
    <message>
        <source>Property card {card} (stack {stack})</source>
        <translation>Grundstückskarte {card} (Stapel {stack})</translation>
    </message>
    <message>
        <source>not in the city yet</source>
        <extracomment>what a card of the hand says in each role</extracomment>
        <translation>noch nicht in der Stadt</translation>
    </message>
    <message>
        <source>city centre</source>
        <translation>Innenstadt</translation>
    </message>
    <message>
        <source>outskirts</source>
        <translation>Stadtrand</translation>
    </message>
    <message>
        <source>Property {card}, {where}</source>
        <translation>Grundstück {card}, {where}</translation>
    </message>
    <message>
        <source>{card}, no place for it now</source>
        <translation>{card}, derzeit kein Platz dafür</translation>
    </message>
    <message>
        <source>{card}, useless</source>
        <translation>{card}, nutzlos</translation>
    </message>
    <message>
        <source>{card}, ticked</source>
        <translation>{card}, markiert</translation>
    </message>
    <message>
        <source>circle</source>
        <translation>Kreis</translation>
    </message>
    <message>
        <source>triangle</source>
        <translation>Dreieck</translation>
    </message>
    <message>
        <source>square</source>
        <translation>Quadrat</translation>
    </message>
    <message>
        <source>diamond</source>
        <translation>Raute</translation>
    </message>
    <message>
        <source>star</source>
        <translation>Stern</translation>
    </message>
    <message>
        <source>Building</source>
        <translation>Gebäude</translation>
    </message>
    <message>
        <source>Left</source>
        <translation>Übrig</translation>
    </message>
    <message>
        <source>Base</source>
        <translation>Basis</translation>
    </message>
    <message>
        <source>Closed until City Hall is built.</source>
        <translation>Gesperrt, bis das Rathaus gebaut ist.</translation>
    </message>
    <message>
        <source>You can build this now (✓).</source>
        <translation>Das können Sie jetzt bauen (✓).</translation>
    </message>
    <message>
        <source>{piece}, {left} left</source>
        <translation>{piece}, noch {left}</translation>
    </message>
    <message>
        <source>, base {base} points</source>
        <translation>, Basis {base} Punkte</translation>
    </message>
    <message>
        <source>, closed until City Hall is built</source>
        <translation>, gesperrt, bis das Rathaus gebaut ist</translation>
    </message>
    <message>
        <source>, you can build it now</source>
        <translation>, jetzt baubar</translation>
    </message>
    <message>
        <source>{piece}: closed until City Hall is built.</source>
        <translation>{piece}: gesperrt, bis das Rathaus gebaut ist.</translation>
    </message>
    <message>
        <source>{piece}: none left in the supply.</source>
        <translation>{piece}: keines mehr im Vorrat.</translation>
    </message>
    <message>
        <source>Round</source>
        <extracomment>what the supply table says in each role: (row dict, column) -&gt; the value</extracomment>
        <translation>Runde</translation>
    </message>
</context>
<context>
    <name>Network</name>
    <message>
        <source>Human</source>
        <extracomment>the bot levels a seat can have at a network table (the New game dialog&apos;s, no random player) how often an open Join dialog asks the server for its tables again the chat lines the table dock shows at most (the oldest go)</extracomment>
        <translation>Mensch</translation>
    </message>
    <message>
        <source>Bot ({level})</source>
        <translation>Bot ({level})</translation>
    </message>
    <message>
        <source>Host a network game</source>
        <translation>Ein Netzwerkspiel eröffnen</translation>
    </message>
    <message>
        <source>Your computer opens a table that friends join over the network. The first seat is yours; each other seat waits for a person or is played by a bot on your computer.</source>
        <translation>Ihr Rechner eröffnet einen Tisch, an den sich Freunde über das Netzwerk setzen. Der erste Platz gehört Ihnen; jeder andere Platz wartet auf einen Menschen oder wird von einem Bot auf Ihrem Rechner gespielt.</translation>
    </message>
    <message>
        <source>Your name</source>
        <translation>Ihr Name</translation>
    </message>
    <message>
        <source>Edition</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <source>Other seats</source>
        <translation>Weitere Plätze</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>Port</translation>
    </message>
    <message>
        <source>Open the table</source>
        <translation>Tisch eröffnen</translation>
    </message>
    <message>
        <source>A person (waits for a friend)</source>
        <translation>Ein Mensch (wartet auf einen Freund)</translation>
    </message>
    <message>
        <source>Join a network game</source>
        <translation>Einem Netzwerkspiel beitreten</translation>
    </message>
    <message>
        <source>Computers on this network</source>
        <translation>Rechnern in diesem Netzwerk</translation>
    </message>
    <message>
        <source>This computer only</source>
        <translation>Nur diesem Rechner</translation>
    </message>
    <message>
        <source>Reachable from</source>
        <translation>Erreichbar von</translation>
    </message>
    <message>
        <source>Public table: list it for everyone on this network</source>
        <translation>Öffentlicher Tisch: für alle in diesem Netzwerk anzeigen</translation>
    </message>
    <message>
        <source>Unticked, the table is private: only those you send its link or QR code can join, watch or read its chat</source>
        <translation>Ohne Haken ist der Tisch privat: Nur wer seinen Link oder QR-Code von Ihnen bekommt, kann beitreten, zusehen oder seinen Chat lesen</translation>
    </message>
    <message>
        <source>No clock</source>
        <translation>Ohne Uhr</translation>
    </message>
    <message>
        <source>{minutes} min + {seconds} s a turn</source>
        <translation>{minutes} Min. + {seconds} s pro Zug</translation>
    </message>
    <message>
        <source>Clock</source>
        <translation>Uhr</translation>
    </message>
    <message>
        <source>A table&apos;s link, host:{port}, or wss://server.example:{port}</source>
        <translation>Link eines Tisches, rechner:{port} oder wss://server.example:{port}</translation>
    </message>
    <message>
        <source>&amp;Look for tables</source>
        <translation>Nach &amp;Tischen sehen</translation>
    </message>
    <message>
        <source>Report…</source>
        <translation>Melden…</translation>
    </message>
    <message>
        <source>Tell the server&apos;s operator what the chosen player did</source>
        <translation>Dem Betreiber des Servers sagen, was der gewählte Spieler getan hat</translation>
    </message>
    <message>
        <source>Report a player</source>
        <translation>Einen Spieler melden</translation>
    </message>
    <message>
        <source>What did {name} do? (for the server&apos;s operator)</source>
        <translation>Was hat {name} getan? (für den Betreiber des Servers)</translation>
    </message>
    <message>
        <source>Your report about {name} went to the server&apos;s operator.</source>
        <translation>Ihre Meldung über {name} ging an den Betreiber des Servers.</translation>
    </message>
    <message>
        <source>&amp;Mute chat</source>
        <translation>Chat st&amp;umm</translation>
    </message>
    <message>
        <source>Hide (or show again) the chosen player&apos;s chat, here only</source>
        <translation>Den Chat des gewählten Spielers ausblenden (oder wieder zeigen), nur hier</translation>
    </message>
    <message>
        <source>chat muted</source>
        <translation>Chat stumm</translation>
    </message>
    <message>
        <source> players</source>
        <translation> Spieler</translation>
    </message>
    <message>
        <source>Rated</source>
        <translation>Gewertet</translation>
    </message>
    <message>
        <source>A rated game needs a clock, and your player key</source>
        <translation>Eine gewertete Partie braucht eine Uhr und Ihren Spielerschlüssel</translation>
    </message>
    <message>
        <source>Play &amp;now</source>
        <translation>&amp;Jetzt spielen</translation>
    </message>
    <message>
        <source>A seat with strangers of a similar rating on a public server; bots take the seats still empty after a wait.</source>
        <translation>Ein Platz bei Fremden mit ähnlicher Wertung auf einem öffentlichen Server; Bots nehmen die Plätze, die nach einer Wartezeit noch frei sind.</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>The default port is {port}.</source>
        <translation>Der übliche Port ist {port}.</translation>
    </message>
    <message>
        <source>Tables on this network:</source>
        <translation>Tische in diesem Netzwerk:</translation>
    </message>
    <message>
        <source>Tables of the server:</source>
        <translation>Tische des Servers:</translation>
    </message>
    <message>
        <source>&amp;Join</source>
        <translation>&amp;Beitreten</translation>
    </message>
    <message>
        <source>&amp;Watch</source>
        <translation>&amp;Zusehen</translation>
    </message>
    <message>
        <source>Finding tables on this network is off (Preferences).</source>
        <translation>Das Suchen von Tischen in diesem Netzwerk ist ausgeschaltet (Einstellungen).</translation>
    </message>
    <message>
        <source>Tables on this network cannot be found here ({reason}).</source>
        <translation>Tische in diesem Netzwerk lassen sich hier nicht finden ({reason}).</translation>
    </message>
    <message>
        <source>{name} at {address}: {open} of {tables} tables wait for players</source>
        <translation>{name} unter {address}: {open} von {tables} Tischen warten auf Spieler</translation>
    </message>
    <message>
        <source>another version of the game</source>
        <translation>eine andere Version des Spiels</translation>
    </message>
    <message>
        <source>Type the address of the computer that hosts the game.</source>
        <translation>Geben Sie die Adresse des Rechners ein, der das Spiel eröffnet hat.</translation>
    </message>
    <message>
        <source>Asking {address} for its tables…</source>
        <translation>Frage {address} nach seinen Tischen…</translation>
    </message>
    <message>
        <source>No public table on this server: paste the link of a table its host sent you, or ask the host to open one.</source>
        <translation>Kein öffentlicher Tisch auf diesem Server: Fügen Sie den Link eines Tisches ein, den der Gastgeber Ihnen geschickt hat, oder bitten Sie ihn, einen zu eröffnen.</translation>
    </message>
    <message>
        <source>1 table on this server.</source>
        <translation>1 Tisch auf diesem Server.</translation>
    </message>
    <message>
        <source>{n} tables on this server.</source>
        <translation>{n} Tische auf diesem Server.</translation>
    </message>
    <message>
        <source>{name} (away)</source>
        <translation>{name} (abwesend)</translation>
    </message>
    <message>
        <source>nobody yet</source>
        <translation>noch niemand</translation>
    </message>
    <message>
        <source>every seat is taken</source>
        <translation>alle Plätze besetzt</translation>
    </message>
    <message>
        <source>1 seat free</source>
        <translation>1 Platz frei</translation>
    </message>
    <message>
        <source>{n} seats free</source>
        <translation>{n} Plätze frei</translation>
    </message>
    <message>
        <source>playing, move {n}</source>
        <translation>im Spiel, Zug {n}</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>beendet</translation>
    </message>
    <message>
        <source>{players} — {status}</source>
        <translation>{players} — {status}</translation>
    </message>
    <message>
        <source>&amp;Copy address</source>
        <translation>Adresse &amp;kopieren</translation>
    </message>
    <message>
        <source>&amp;Rejoin the table</source>
        <translation>&amp;Zurück an den Tisch</translation>
    </message>
    <message>
        <source>&amp;Public: listed for all</source>
        <translation>Ö&amp;ffentlich: für alle gelistet</translation>
    </message>
    <message>
        <source>Otherwise only who has the table&apos;s link or QR code finds it, joins or watches</source>
        <translation>Sonst findet den Tisch nur, wer seinen Link oder QR-Code hat; nur so kann man mitspielen oder zuschauen</translation>
    </message>
    <message>
        <source>Seats at the table</source>
        <translation>Plätze am Tisch</translation>
    </message>
    <message>
        <source>&amp;Start the game</source>
        <translation>Spiel &amp;beginnen</translation>
    </message>
    <message>
        <source>Seat to a &amp;bot</source>
        <translation>Platz an einen B&amp;ot</translation>
    </message>
    <message>
        <source>A missing player&apos;s seat is played by a bot from now on (or after the wait)</source>
        <translation>Den Platz eines fehlenden Spielers spielt von jetzt an (oder nach der Wartezeit) ein Bot</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>How long the table waits for the missing player first</source>
        <translation>Wie lange der Tisch zuerst auf den fehlenden Spieler wartet</translation>
    </message>
    <message>
        <source>&amp;Leave the table</source>
        <translation>Den Tisch &amp;verlassen</translation>
    </message>
    <message>
        <source>&amp;Take my seat back</source>
        <translation>Meinen Platz &amp;zurücknehmen</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>Chat</translation>
    </message>
    <message>
        <source>Say something to the table…</source>
        <translation>Sagen Sie etwas zum Tisch…</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Senden</translation>
    </message>
    <message>
        <source>Friends join at: {addresses}</source>
        <translation>Freunde treten bei unter: {addresses}</translation>
    </message>
    <message>
        <source>({n} lines came too fast to show)</source>
        <translation>({n} Zeilen kamen zu schnell, um sie zu zeigen)</translation>
    </message>
    <message>
        <source>Not at a table.</source>
        <translation>An keinem Tisch.</translation>
    </message>
    <message>
        <source>&lt;b&gt;{title}&lt;/b&gt; — {rules}</source>
        <translation>&lt;b&gt;{title}&lt;/b&gt; – {rules}</translation>
    </message>
    <message>
        <source>{name} ({level})</source>
        <translation>{name} ({level})</translation>
    </message>
    <message>
        <source>free: waits for a player</source>
        <translation>frei: wartet auf einen Spieler</translation>
    </message>
    <message>
        <source>away</source>
        <translation>abwesend</translation>
    </message>
    <message>
        <source>(host)</source>
        <translation>(Gastgeber)</translation>
    </message>
    <message>
        <source>(you)</source>
        <translation>(Sie)</translation>
    </message>
    <message>
        <source>{time}, time ran out once</source>
        <translation>{time}, Zeit einmal abgelaufen</translation>
    </message>
    <message>
        <source>Cannot host the game</source>
        <translation>Das Spiel kann nicht eröffnet werden</translation>
    </message>
    <message>
        <source>The table cannot be opened on port {port}: {reason}</source>
        <translation>Der Tisch kann nicht auf Port {port} eröffnet werden: {reason}</translation>
    </message>
    <message>
        <source>{name}&apos;s table</source>
        <translation>Tisch von {name}</translation>
    </message>
    <message>
        <source>The table is open: friends join at {address} (Game → Join network game).</source>
        <translation>Der Tisch ist eröffnet: Freunde treten unter {address} bei (Spiel → Netzwerkspiel beitreten).</translation>
    </message>
    <message>
        <source>The table is open to those you send its link: Copy link or QR code in the table panel.</source>
        <translation>Der Tisch steht allen offen, denen Sie seinen Link schicken: Link kopieren oder QR-Code in der Tisch-Leiste.</translation>
    </message>
    <message>
        <source>Opening {table} again…</source>
        <translation>{table} wird wieder geöffnet…</translation>
    </message>
    <message>
        <source>{table} cannot be opened again on port {port} ({reason}), so your seat is forgotten.</source>
        <translation>{table} kann auf Port {port} nicht wieder eröffnet werden ({reason}), daher ist Ihr Platz vergessen.</translation>
    </message>
    <message>
        <source>Back to {table}…</source>
        <translation>Zurück an {table}…</translation>
    </message>
    <message>
        <source>Cannot rejoin the table</source>
        <translation>Zurück an den Tisch nicht möglich</translation>
    </message>
    <message>
        <source>The whole game is here: save it with Game → Save game as, or watch its replay (every hand shown).</source>
        <translation>Das ganze Spiel ist da: Speichern Sie es mit Spiel → Spiel speichern unter, oder sehen Sie sich die Wiedergabe an (jede Hand offen).</translation>
    </message>
    <message>
        <source>You are no longer at the table: {reason}</source>
        <translation>Sie sitzen nicht mehr am Tisch: {reason}</translation>
    </message>
    <message>
        <source>Join from a phone</source>
        <translation>Mit dem Handy beitreten</translation>
    </message>
    <message>
        <source>Scan this with the camera of a phone on the same network to open the table.</source>
        <translation>Mit der Kamera eines Handys im selben Netzwerk scannen, um den Tisch zu öffnen.</translation>
    </message>
    <message>
        <source>QR code of the table&apos;s link</source>
        <translation>QR-Code des Links zum Tisch</translation>
    </message>
    <message>
        <source>Copy lin&amp;k</source>
        <translation>Lin&amp;k kopieren</translation>
    </message>
    <message>
        <source>&amp;QR code…</source>
        <translation>&amp;QR-Code…</translation>
    </message>
    <message>
        <source>Show the link as a code a phone&apos;s camera reads</source>
        <translation>Den Link als Code zeigen, den die Kamera eines Handys liest</translation>
    </message>
    <message>
        <source>Friends open this link in a browser, or paste it into Join network game: {link}</source>
        <translation>Freunde öffnen diesen Link im Browser oder fügen ihn unter „Netzwerkspiel beitreten“ ein: {link}</translation>
    </message>
    <message>
        <source>{n}% finished</source>
        <translation>{n} % beendet</translation>
    </message>
    <message>
        <source>Rated players</source>
        <translation>Gewertete Spieler</translation>
    </message>
    <message>
        <source>This game’s page</source>
        <translation>Die Seite dieses Spiels</translation>
    </message>
    <message>
        <source>A rated game cannot be paused: its clocks are part of the result.</source>
        <translation>Eine gewertete Partie kann nicht pausiert werden: Ihre Uhren gehören zum Ergebnis.</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Pause</translation>
    </message>
    <message>
        <source>&lt;b&gt;The table is paused&lt;/b&gt;: the clocks stand. Any player resumes.</source>
        <translation>&lt;b&gt;Der Tisch pausiert&lt;/b&gt;: Die Uhren stehen. Jeder Spieler kann weiterspielen lassen.</translation>
    </message>
    <message>
        <source>&amp;Resume the game</source>
        <translation>Partie &amp;fortsetzen</translation>
    </message>
    <message>
        <source>You asked for a pause: it begins when every player here agrees.</source>
        <translation>Sie haben um eine Pause gebeten: Sie beginnt, wenn alle Spieler hier zustimmen.</translation>
    </message>
    <message>
        <source>Play &amp;on</source>
        <translation>&amp;Weiterspielen</translation>
    </message>
    <message>
        <source>{names} asked for a pause: it begins when every player here agrees.</source>
        <translation>{names} bittet um eine Pause: Sie beginnt, wenn alle Spieler hier zustimmen.</translation>
    </message>
    <message>
        <source>&amp;Agree to pause</source>
        <translation>Pause &amp;zustimmen</translation>
    </message>
    <message>
        <source>Ask for a &amp;pause</source>
        <translation>Um eine &amp;Pause bitten</translation>
    </message>
</context>
<context>
    <name>NewGameDialog</name>
    <message>
        <source>Allow take-backs (Undo)</source>
        <translation>Zurücknahmen erlauben (Rückgängig)</translation>
    </message>
    <message>
        <source>Undo (Ctrl+Z) takes back a move. The stacks are fixed by the seed, so a game with take-backs is marked as such in its file and results. On by default against bots, off in hot-seat.</source>
        <translation>Rückgängig (Strg+Z) nimmt einen Zug zurück. Die Stapel stehen durch den Startwert fest, daher wird ein Spiel mit Zurücknahmen in seiner Datei und seinen Ergebnissen so markiert. Gegen Bots standardmäßig an, am gemeinsamen Bildschirm aus.</translation>
    </message>
</context>
<context>
    <name>OfferCards</name>
    <message>
        <source>a card face down from stack {stack}</source>
        <translation>eine verdeckte Karte von Stapel {stack}</translation>
    </message>
    <message>
        <source>{card}, offered by {player}</source>
        <translation>{card}, angeboten von {player}</translation>
    </message>
    <message>
        <source>{card}, offered by {player}, taken by {taker}</source>
        <translation>{card}, angeboten von {player}, genommen von {taker}</translation>
    </message>
</context>
<context>
    <name>Page</name>
    <message>
        <source>Big City: open tables</source>
        <comment>lobby_title</comment>
        <translation>Big City: offene Tische</translation>
    </message>
    <message>
        <source>Connecting to the server…</source>
        <comment>connecting</comment>
        <translation>Verbindung zum Server …</translation>
    </message>
    <message>
        <source>Reconnecting…</source>
        <comment>reconnecting</comment>
        <translation>Verbindung wird wiederhergestellt …</translation>
    </message>
    <message>
        <source>The connection to the server was closed.</source>
        <comment>closed</comment>
        <translation>Die Verbindung zum Server wurde geschlossen.</translation>
    </message>
    <message>
        <source>There is no open table on this server.</source>
        <comment>none</comment>
        <translation>Auf diesem Server ist kein Tisch offen.</translation>
    </message>
    <message>
        <source>Players</source>
        <comment>players</comment>
        <translation>Spieler</translation>
    </message>
    <message>
        <source>free seat</source>
        <comment>free</comment>
        <translation>freier Platz</translation>
    </message>
    <message>
        <source>bot</source>
        <comment>bot</comment>
        <translation>Bot</translation>
    </message>
    <message>
        <source>away</source>
        <comment>away</comment>
        <translation>abwesend</translation>
    </message>
    <message>
        <source>There is no such table on this server, or your link lacks its invitation (the part after #).</source>
        <comment>notable</comment>
        <translation>Diesen Tisch gibt es auf diesem Server nicht, oder Ihrem Link fehlt seine Einladung (der Teil nach #).</translation>
    </message>
    <message>
        <source>waiting for players</source>
        <comment>lobby</comment>
        <translation>wartet auf Spieler</translation>
    </message>
    <message>
        <source>playing</source>
        <comment>playing</comment>
        <translation>läuft</translation>
    </message>
    <message>
        <source>over</source>
        <comment>over</comment>
        <translation>beendet</translation>
    </message>
    <message>
        <source>Your name</source>
        <comment>your_name</comment>
        <translation>Ihr Name</translation>
    </message>
    <message>
        <source>Sit here</source>
        <comment>sit</comment>
        <translation>Hier Platz nehmen</translation>
    </message>
    <message>
        <source>Watch</source>
        <comment>watch</comment>
        <translation>Zuschauen</translation>
    </message>
    <message>
        <source>Seat {n}</source>
        <comment>seat_n</comment>
        <translation>Platz {n}</translation>
    </message>
    <message>
        <source>This game has begun; you may watch it.</source>
        <comment>started</comment>
        <translation>Dieses Spiel hat begonnen; Sie können zuschauen.</translation>
    </message>
    <message>
        <source>You are seated. The host starts the game when every seat is taken.</source>
        <comment>wait_start</comment>
        <translation>Sie sitzen am Tisch. Der Gastgeber startet, sobald alle Plätze besetzt sind.</translation>
    </message>
    <message>
        <source>Your turn</source>
        <comment>your_turn</comment>
        <translation>Sie sind am Zug</translation>
    </message>
    <message>
        <source>{name}&apos;s turn</source>
        <comment>turn_of</comment>
        <translation>{name} ist am Zug</translation>
    </message>
    <message>
        <source>You are watching.</source>
        <comment>watching</comment>
        <translation>Sie schauen zu.</translation>
    </message>
    <message>
        <source>Your hand</source>
        <comment>hand</comment>
        <translation>Ihre Karten</translation>
    </message>
    <message>
        <source>Pieces</source>
        <comment>supply</comment>
        <translation>Gebäude</translation>
    </message>
    <message>
        <source>Neighborhoods to come</source>
        <comment>to_come</comment>
        <translation>Kommende Stadtteile</translation>
    </message>
    <message>
        <source>Log</source>
        <comment>log</comment>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>Scores</source>
        <comment>chart</comment>
        <translation>Punkte</translation>
    </message>
    <message>
        <source>Show earlier</source>
        <comment>earlier</comment>
        <translation>Frühere zeigen</translation>
    </message>
    <message>
        <source>Chat</source>
        <comment>chat</comment>
        <translation>Chat</translation>
    </message>
    <message>
        <source>Send</source>
        <comment>send</comment>
        <translation>Senden</translation>
    </message>
    <message>
        <source>Say something…</source>
        <comment>say</comment>
        <translation>Schreiben Sie etwas …</translation>
    </message>
    <message>
        <source>Play</source>
        <comment>play</comment>
        <translation>Spielen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <comment>cancel</comment>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>{n} points</source>
        <comment>points</comment>
        <translation>{n} Punkte</translation>
    </message>
    <message>
        <source>1 point</source>
        <comment>point</comment>
        <translation>1 Punkt</translation>
    </message>
    <message>
        <source>Choose a piece.</source>
        <comment>pick_piece</comment>
        <translation>Wählen Sie ein Gebäude.</translation>
    </message>
    <message>
        <source>Choose the lots (lit green).</source>
        <comment>pick_lots</comment>
        <translation>Wählen Sie die Grundstücke (grün).</translation>
    </message>
    <message>
        <source>Choose the cards.</source>
        <comment>pick_cards</comment>
        <translation>Wählen Sie die Karten.</translation>
    </message>
    <message>
        <source>Choose a neighborhood and where it goes.</source>
        <comment>pick_tile</comment>
        <translation>Wählen Sie einen Stadtteil und seinen Ort.</translation>
    </message>
    <message>
        <source>Choose a street (lit).</source>
        <comment>pick_street</comment>
        <translation>Wählen Sie eine Straße (hervorgehoben).</translation>
    </message>
    <message>
        <source>Choose a stack to draw from.</source>
        <comment>pick_stack</comment>
        <translation>Wählen Sie einen Stapel zum Ziehen.</translation>
    </message>
    <message>
        <source>Choose a card offered.</source>
        <comment>pick_offer</comment>
        <translation>Wählen Sie eine angebotene Karte.</translation>
    </message>
    <message>
        <source>Face up or face down?</source>
        <comment>pick_face</comment>
        <translation>Offen oder verdeckt?</translation>
    </message>
    <message>
        <source>Face up</source>
        <comment>face_up</comment>
        <translation>Offen</translation>
    </message>
    <message>
        <source>Face down</source>
        <comment>face_down</comment>
        <translation>Verdeckt</translation>
    </message>
    <message>
        <source>Turn</source>
        <comment>rotate</comment>
        <translation>Drehen</translation>
    </message>
    <message>
        <source>Build</source>
        <comment>k_build</comment>
        <translation>Bauen</translation>
    </message>
    <message>
        <source>Neighborhood</source>
        <comment>k_tile</comment>
        <translation>Stadtteil</translation>
    </message>
    <message>
        <source>Streetcar</source>
        <comment>k_streetcar</comment>
        <translation>Straßenbahn</translation>
    </message>
    <message>
        <source>Stop streetcars</source>
        <comment>k_stop</comment>
        <translation>Straßenbahn beenden</translation>
    </message>
    <message>
        <source>Exchange</source>
        <comment>k_exchange</comment>
        <translation>Tauschen</translation>
    </message>
    <message>
        <source>Pass</source>
        <comment>k_pass</comment>
        <translation>Passen</translation>
    </message>
    <message>
        <source>Draw</source>
        <comment>k_draw</comment>
        <translation>Ziehen</translation>
    </message>
    <message>
        <source>Offer</source>
        <comment>k_offer</comment>
        <translation>Anbieten</translation>
    </message>
    <message>
        <source>Take</source>
        <comment>k_take</comment>
        <translation>Nehmen</translation>
    </message>
    <message>
        <source>Stack {n}</source>
        <comment>stack</comment>
        <translation>Stapel {n}</translation>
    </message>
    <message>
        <source>{n} cards</source>
        <comment>cards_n</comment>
        <translation>{n} Karten</translation>
    </message>
    <message>
        <source>Last move (round {round}): {move}</source>
        <comment>last_move</comment>
        <translation>Letzter Zug (Runde {round}): {move}</translation>
    </message>
    <message>
        <source>Offers</source>
        <comment>offers</comment>
        <translation>Angebote</translation>
    </message>
    <message>
        <source>The game is over</source>
        <comment>results</comment>
        <translation>Das Spiel ist aus</translation>
    </message>
    <message>
        <source>You win with {points}!</source>
        <comment>you_win</comment>
        <translation>Sie gewinnen mit {points}!</translation>
    </message>
    <message>
        <source>{name} wins with {points}</source>
        <comment>wins</comment>
        <translation>{name} gewinnt mit {points}</translation>
    </message>
    <message>
        <source>A shared win: {names}, {points} each</source>
        <comment>shared_win</comment>
        <translation>Geteilter Sieg: {names} mit je {points}</translation>
    </message>
    <message>
        <source>{n} points</source>
        <comment>with_points</comment>
        <translation>{n} Punkten</translation>
    </message>
    <message>
        <source>1 point</source>
        <comment>with_point</comment>
        <translation>1 Punkt</translation>
    </message>
    <message>
        <source>Download the record</source>
        <comment>record</comment>
        <translation>Partie herunterladen</translation>
    </message>
    <message>
        <source>Take my seat back</source>
        <comment>take_seat</comment>
        <translation>Meinen Platz zurücknehmen</translation>
    </message>
    <message>
        <source>Your time ran out: a bot plays your seat now, and the game counts as a loss for you. Take my seat back gives it back to you.</source>
        <comment>clock_out</comment>
        <translation>Ihre Zeit ist abgelaufen: Ein Bot spielt jetzt Ihren Platz, und das Spiel zählt als Niederlage für Sie. „Meinen Platz zurücknehmen“ gibt ihn Ihnen zurück.</translation>
    </message>
    <message>
        <source>Deutsch</source>
        <comment>lang</comment>
        <translation>English</translation>
    </message>
    <message>
        <source>Round {n}</source>
        <comment>round</comment>
        <translation>Runde {n}</translation>
    </message>
    <message>
        <source>lot {n}</source>
        <comment>lot</comment>
        <translation>Grundstück {n}</translation>
    </message>
    <message>
        <source>{piece} on {lots}</source>
        <comment>build_on</comment>
        <translation>{piece} auf {lots}</translation>
    </message>
    <message>
        <source>{what}: {points}</source>
        <comment>preview</comment>
        <translation>{what}: {points}</translation>
    </message>
    <message>
        <source>Refused: {reason}</source>
        <comment>refused</comment>
        <translation>Abgelehnt: {reason}</translation>
    </message>
    <message>
        <source>House rules: {title}</source>
        <comment>house</comment>
        <translation>Hausregeln: {title}</translation>
    </message>
    <message>
        <source>Game over</source>
        <comment>game_over</comment>
        <translation>Spielende</translation>
    </message>
    <message>
        <source>Sound for your turn and the end</source>
        <comment>sound</comment>
        <translation>Ton bei Ihrem Zug und am Spielende</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <comment>zoom_in</comment>
        <translation>Vergrößern</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <comment>zoom_out</comment>
        <translation>Verkleinern</translation>
    </message>
    <message>
        <source>The whole board</source>
        <comment>zoom_fit</comment>
        <translation>Das ganze Spielbrett</translation>
    </message>
    <message>
        <source>base {points}</source>
        <comment>why_base</comment>
        <translation>Basis {points}</translation>
    </message>
    <message>
        <source>{sign}{points} for {count} × {why}</source>
        <comment>why_for</comment>
        <translation>{sign}{points} für {count} × {why}</translation>
    </message>
    <message>
        <source>and</source>
        <comment>why_and</comment>
        <translation>und</translation>
    </message>
    <message>
        <source>next to a park</source>
        <comment>because_park</comment>
        <translation>neben einem Park</translation>
    </message>
    <message>
        <source>next to a factory</source>
        <comment>because_factory</comment>
        <translation>neben einer Fabrik</translation>
    </message>
    <message>
        <source>in the outskirts</source>
        <comment>because_outskirts</comment>
        <translation>am Stadtrand</translation>
    </message>
    <message>
        <source>entirely in the city centre</source>
        <comment>because_center</comment>
        <translation>ganz in der Innenstadt</translation>
    </message>
    <message>
        <source>next to the streetcar</source>
        <comment>because_streetcar</comment>
        <translation>an der Straßenbahn</translation>
    </message>
    <message>
        <source>next to City Hall</source>
        <comment>because_city_hall</comment>
        <translation>neben dem Rathaus</translation>
    </message>
    <message>
        <source>adjacent special building</source>
        <comment>because_special</comment>
        <translation>angrenzendes Sondergebäude</translation>
    </message>
    <message>
        <source>adjacent residence</source>
        <comment>because_residence</comment>
        <translation>angrenzendes Wohnhaus</translation>
    </message>
    <message>
        <source>adjacent business</source>
        <comment>because_business</comment>
        <translation>angrenzendes Geschäftshaus</translation>
    </message>
    <message>
        <source>The server sent something this page cannot read; trying again in {s} s.</source>
        <comment>unreadable</comment>
        <translation>Der Server hat etwas gesendet, das diese Seite nicht lesen kann; neuer Versuch in {s} s.</translation>
    </message>
    <message>
        <source>The server sent something this page cannot read.</source>
        <comment>unreadable_what</comment>
        <translation>Der Server hat etwas gesendet, das diese Seite nicht lesen kann.</translation>
    </message>
    <message>
        <source>New table</source>
        <comment>new_table</comment>
        <translation>Neuer Tisch</translation>
    </message>
    <message>
        <source>Table name</source>
        <comment>table_title</comment>
        <translation>Name des Tisches</translation>
    </message>
    <message>
        <source>Edition</source>
        <comment>edition</comment>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <source>House rules (a rules file)…</source>
        <comment>house_file</comment>
        <translation>Hausregeln (eine Regeldatei) …</translation>
    </message>
    <message>
        <source>Rules file</source>
        <comment>rules_file</comment>
        <translation>Regeldatei</translation>
    </message>
    <message>
        <source>Choose a rules file first.</source>
        <comment>rules_file_missing</comment>
        <translation>Wählen Sie zuerst eine Regeldatei.</translation>
    </message>
    <message>
        <source>a player (by invitation)</source>
        <comment>seat_human</comment>
        <translation>ein Mensch (mit Einladung)</translation>
    </message>
    <message>
        <source>you</source>
        <comment>seat_you</comment>
        <translation>Sie</translation>
    </message>
    <message>
        <source>Listed in the lobby for everyone</source>
        <comment>listed</comment>
        <translation>In der Lobby für alle sichtbar</translation>
    </message>
    <message>
        <source>Create table</source>
        <comment>create</comment>
        <translation>Tisch anlegen</translation>
    </message>
    <message>
        <source>Invitation link</source>
        <comment>invite_link</comment>
        <translation>Einladungslink</translation>
    </message>
    <message>
        <source>Copy</source>
        <comment>copy</comment>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Start the game</source>
        <comment>start</comment>
        <translation>Spiel starten</translation>
    </message>
    <message>
        <source>Leave</source>
        <comment>leave</comment>
        <translation>Gehen</translation>
    </message>
    <message>
        <source>Leave, a bot plays on</source>
        <comment>leave_to_bot</comment>
        <translation>Gehen, ein Bot spielt weiter</translation>
    </message>
    <message>
        <source>The bot&apos;s level</source>
        <comment>bot_level</comment>
        <translation>Stärke des Bots</translation>
    </message>
    <message>
        <source>Rematch</source>
        <comment>rematch</comment>
        <translation>Revanche</translation>
    </message>
    <message>
        <source>Rules: {title}</source>
        <comment>rules_of</comment>
        <translation>Regeln: {title}</translation>
    </message>
    <message>
        <source>Sure? {what}</source>
        <comment>sure</comment>
        <translation>Sicher? {what}</translation>
    </message>
    <message>
        <source>{n}% finished</source>
        <comment>finished_share</comment>
        <translation>{n} % beendet</translation>
    </message>
    <message>
        <source>Your player key</source>
        <comment>player_key</comment>
        <translation>Ihr Spielerschlüssel</translation>
    </message>
    <message>
        <source>This server knows you as {id}</source>
        <comment>player_id</comment>
        <translation>Dieser Server kennt Sie als {id}</translation>
    </message>
    <message>
        <source>no key: this browser cannot make one</source>
        <comment>no_key</comment>
        <translation>kein Schlüssel: dieser Browser kann keinen erzeugen</translation>
    </message>
    <message>
        <source>Copy the key&apos;s code</source>
        <comment>copy_code</comment>
        <translation>Code des Schlüssels kopieren</translation>
    </message>
    <message>
        <source>Use this code</source>
        <comment>use_code</comment>
        <translation>Diesen Code verwenden</translation>
    </message>
    <message>
        <source>Carry your key to another computer or browser with its code; whoever has it plays as you.</source>
        <comment>key_note</comment>
        <translation>Nehmen Sie Ihren Schlüssel mit seinem Code auf einen anderen Computer oder Browser mit; wer ihn hat, spielt als Sie.</translation>
    </message>
    <message>
        <source>That is not a player key&apos;s code, or it is damaged.</source>
        <comment>bad_key</comment>
        <translation>Das ist kein Code eines Spielerschlüssels, oder er ist beschädigt.</translation>
    </message>
    <message>
        <source>Big City: rated players</source>
        <comment>ranking_title</comment>
        <translation>Big City: gewertete Spieler</translation>
    </message>
    <message>
        <source>A player</source>
        <comment>profile_title</comment>
        <translation>Ein Spieler</translation>
    </message>
    <message>
        <source>Place for the neighborhood</source>
        <comment>spot</comment>
        <translation>Platz für den Stadtteil</translation>
    </message>
    <message>
        <source>Place for the neighborhood {where}</source>
        <comment>spot_at</comment>
        <translation>Platz für den Stadtteil {where}</translation>
    </message>
    <message>
        <source>free</source>
        <comment>lot_free</comment>
        <translation>frei</translation>
    </message>
    <message>
        <source>{lot}: the piece can go here</source>
        <comment>lot_can</comment>
        <translation>{lot}: Das Gebäude passt hierher</translation>
    </message>
    <message>
        <source>{lot}: the piece can go here, {points}</source>
        <comment>lot_can_points</comment>
        <translation>{lot}: Das Gebäude passt hierher, {points}</translation>
    </message>
    <message>
        <source>{lot}: the piece cannot go here</source>
        <comment>lot_cannot</comment>
        <translation>{lot}: Das Gebäude passt hier nicht hin</translation>
    </message>
    <message>
        <source>Nothing on the board is lit now</source>
        <comment>nothing_lit</comment>
        <translation>Auf dem Brett ist gerade nichts hervorgehoben</translation>
    </message>
    <message>
        <source>Play now</source>
        <comment>play_now</comment>
        <translation>Jetzt spielen</translation>
    </message>
    <message>
        <source>Clock</source>
        <comment>play_clock</comment>
        <translation>Uhr</translation>
    </message>
    <message>
        <source>Ask for a pause</source>
        <comment>ask_pause</comment>
        <translation>Um eine Pause bitten</translation>
    </message>
    <message>
        <source>Agree to pause</source>
        <comment>agree_pause</comment>
        <translation>Pause zustimmen</translation>
    </message>
    <message>
        <source>Play on</source>
        <comment>play_on</comment>
        <translation>Weiterspielen</translation>
    </message>
    <message>
        <source>Resume the game</source>
        <comment>resume</comment>
        <translation>Partie fortsetzen</translation>
    </message>
    <message>
        <source>The table is paused: the clocks stand. Any player resumes the game.</source>
        <comment>paused_line</comment>
        <translation>Der Tisch pausiert: Die Uhren stehen. Jeder Spieler kann die Partie fortsetzen.</translation>
    </message>
    <message>
        <source>You asked for a pause: the table pauses when every player here agrees.</source>
        <comment>pause_asked_you</comment>
        <translation>Sie haben um eine Pause gebeten: Der Tisch pausiert, wenn alle Spieler hier zustimmen.</translation>
    </message>
    <message>
        <source>{names} asked for a pause: it begins when every player here agrees.</source>
        <comment>pause_asked_by</comment>
        <translation>{names} bittet um eine Pause: Sie beginnt, wenn alle Spieler hier zustimmen.</translation>
    </message>
    <message>
        <source>The table is paused: nobody moves until a player resumes the game.</source>
        <comment>pause_no_moves</comment>
        <translation>Der Tisch pausiert: Niemand zieht, bis ein Spieler die Partie fortsetzt.</translation>
    </message>
    <message>
        <source>This server&apos;s operator banned your player key: the page does not connect again.</source>
        <comment>banned_closed</comment>
        <translation>Der Betreiber dieses Servers hat Ihren Spielerschlüssel gesperrt: Die Seite verbindet sich nicht wieder.</translation>
    </message>
    <message>
        <source>A rated game cannot be paused: its clocks are part of the result.</source>
        <comment>pause_rated</comment>
        <translation>Eine gewertete Partie kann nicht pausiert werden: Ihre Uhren gehören zum Ergebnis.</translation>
    </message>
    <message>
        <source>No clock (unrated only)</source>
        <comment>no_clock</comment>
        <translation>Ohne Uhr (nur ungewertet)</translation>
    </message>
    <message>
        <source>{minutes} min + {seconds} s a turn</source>
        <comment>clock_profile</comment>
        <translation>{minutes} Min. + {seconds} s pro Zug</translation>
    </message>
    <message>
        <source>report</source>
        <comment>report</comment>
        <translation>melden</translation>
    </message>
    <message>
        <source>Tell the server&apos;s operator about {name}</source>
        <comment>report_hint</comment>
        <translation>{name} dem Betreiber des Servers melden</translation>
    </message>
    <message>
        <source>What did {name} do? (for the server&apos;s operator)</source>
        <comment>report_ask</comment>
        <translation>Was hat {name} getan? (für den Betreiber des Servers)</translation>
    </message>
    <message>
        <source>Your report about {name} went to the server&apos;s operator.</source>
        <comment>reported</comment>
        <translation>Ihre Meldung über {name} ging an den Betreiber des Servers.</translation>
    </message>
    <message>
        <source>mute</source>
        <comment>mute</comment>
        <translation>stumm</translation>
    </message>
    <message>
        <source>show again</source>
        <comment>unmute</comment>
        <translation>wieder zeigen</translation>
    </message>
    <message>
        <source>Hide {name}&apos;s chat in this browser</source>
        <comment>mute_hint</comment>
        <translation>Den Chat von {name} in diesem Browser ausblenden</translation>
    </message>
    <message>
        <source>{name}&apos;s chat is muted here.</source>
        <comment>muted</comment>
        <translation>Der Chat von {name} ist hier stummgeschaltet.</translation>
    </message>
    <message>
        <source>Players at the table</source>
        <comment>play_players</comment>
        <translation>Spieler am Tisch</translation>
    </message>
    <message>
        <source>rated</source>
        <comment>play_rated</comment>
        <translation>gewertet</translation>
    </message>
    <message>
        <source>Original edition</source>
        <comment>edition_original</comment>
        <translation>Originalausgabe</translation>
    </message>
    <message>
        <source>Jumbo edition</source>
        <comment>edition_jumbo</comment>
        <translation>Jumbo-Ausgabe</translation>
    </message>
    <message>
        <source>Seats you with players of a similar rating; bots near the table&apos;s rating take the seats still empty after a wait.</source>
        <comment>play_hint</comment>
        <translation>Setzt dich zu Spielern mit ähnlicher Wertung; Bots nahe der Wertung des Tisches nehmen die Plätze, die nach einer Wartezeit noch frei sind.</translation>
    </message>
    <message>
        <source>Big City: a finished game</source>
        <comment>replay_title</comment>
        <translation>Big City: ein beendetes Spiel</translation>
    </message>
    <message>
        <source>Fair deal verified: the server committed to the game&apos;s seed before it began, and that seed gives every card you were dealt and drew.</source>
        <comment>deal_verified</comment>
        <translation>Faires Mischen bestätigt: Der Server hat sich vor Spielbeginn auf den Startwert festgelegt, und dieser Startwert ergibt jede Karte, die Sie erhalten und gezogen haben.</translation>
    </message>
    <message>
        <source>Fair deal: the server committed to this game&apos;s seed before it began, and the record was dealt from that seed; this page did not check the cards.</source>
        <comment>deal_committed</comment>
        <translation>Faires Mischen: Der Server hat sich vor Spielbeginn auf den Startwert dieses Spiels festgelegt, und das Protokoll wurde mit diesem Startwert gemischt; diese Seite hat die Karten nicht geprüft.</translation>
    </message>
    <message>
        <source>Warning: the deal could not be verified: {reason}.</source>
        <comment>deal_warning</comment>
        <translation>Warnung: Das Mischen ließ sich nicht bestätigen: {reason}.</translation>
    </message>
    <message>
        <source>Rules summary (Help)</source>
        <comment>rules_help</comment>
        <translation>Regelübersicht (Hilfe)</translation>
    </message>
    <message>
        <source>House rules: the values marked {mark} differ from the bundled edition.</source>
        <comment>house_marked</comment>
        <translation>Hausregeln: Die mit {mark} markierten Werte weichen von der mitgelieferten Ausgabe ab.</translation>
    </message>
    <message>
        <source>This server has no summary of these rules.</source>
        <comment>rules_none</comment>
        <translation>Dieser Server hat keine Übersicht dieser Regeln.</translation>
    </message>
    <message>
        <source>Player</source>
        <comment>player</comment>
        <translation>Spieler</translation>
    </message>
    <message>
        <source>Rating</source>
        <comment>rating</comment>
        <translation>Wertung</translation>
    </message>
    <message>
        <source>Games</source>
        <comment>games</comment>
        <translation>Spiele</translation>
    </message>
    <message>
        <source>Finished</source>
        <comment>finished</comment>
        <translation>Beendet</translation>
    </message>
    <message>
        <source>In time</source>
        <comment>in_time</comment>
        <translation>In der Zeit</translation>
    </message>
    <message>
        <source>rated</source>
        <comment>rated</comment>
        <translation>gewertet</translation>
    </message>
    <message>
        <source>Nobody has played a rated game of this edition on this server yet.</source>
        <comment>nobody_rated</comment>
        <translation>Auf diesem Server hat noch niemand ein gewertetes Spiel dieser Ausgabe gespielt.</translation>
    </message>
    <message>
        <source>No finished games yet.</source>
        <comment>no_games</comment>
        <translation>Noch keine beendeten Spiele.</translation>
    </message>
    <message>
        <source>Rating over time</source>
        <comment>rating_over_time</comment>
        <translation>Wertung im Verlauf</translation>
    </message>
    <message>
        <source>To the start</source>
        <comment>replay_start</comment>
        <translation>Zum Anfang</translation>
    </message>
    <message>
        <source>One move back</source>
        <comment>replay_back</comment>
        <translation>Einen Zug zurück</translation>
    </message>
    <message>
        <source>Play</source>
        <comment>replay_play</comment>
        <translation>Abspielen</translation>
    </message>
    <message>
        <source>Pause</source>
        <comment>replay_pause</comment>
        <translation>Anhalten</translation>
    </message>
    <message>
        <source>One move on</source>
        <comment>replay_forward</comment>
        <translation>Einen Zug weiter</translation>
    </message>
    <message>
        <source>To the end</source>
        <comment>replay_end</comment>
        <translation>Zum Ende</translation>
    </message>
    <message>
        <source>Jump to a round</source>
        <comment>replay_round</comment>
        <translation>Zu einer Runde springen</translation>
    </message>
    <message>
        <source>Lot {n}</source>
        <comment>lot_n</comment>
        <translation>Grundstück {n}</translation>
    </message>
    <message>
        <source>Street {n}</source>
        <comment>street_n</comment>
        <translation>Straße {n}</translation>
    </message>
    <message>
        <source>The places lit now</source>
        <comment>places</comment>
        <translation>Die jetzt leuchtenden Stellen</translation>
    </message>
    <message>
        <source>Rematch: {link}</source>
        <comment>rematch_at</comment>
        <translation>Revanche: {link}</translation>
    </message>
</context>
<context>
    <name>Panels</name>
    <message>
        <source>Supply</source>
        <translation>Vorrat</translation>
    </message>
    <message>
        <source>Pieces left to build. Up and Down choose a piece, Enter picks it up to place on the board.</source>
        <translation>Die noch verfügbaren Teile. Auf und Ab wählen ein Teil, Eingabe nimmt es auf, um es auf das Spielfeld zu legen.</translation>
    </message>
    <message>
        <source>Your hand</source>
        <extracomment>small thumbnails numbered only, every one in sight (a narrow window: GameTable.fit)</extracomment>
        <translation>Ihre Hand</translation>
    </message>
    <message>
        <source>Your property cards. A click or Space ticks a card for an exchange or an offer; the arrow keys go from card to card; Enter shows its lot.</source>
        <translation>Ihre Grundstückskarten. Ein Klick oder die Leertaste markiert eine Karte für einen Tausch oder ein Angebot; die Pfeiltasten gehen von Karte zu Karte; Eingabe zeigt ihr Grundstück.</translation>
    </message>
    <message>
        <source>Streetcar</source>
        <translation>Straßenbahn</translation>
    </message>
    <message>
        <source>Place streetcars (S)</source>
        <translation>Straßenbahnen legen (S)</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Fertig</translation>
    </message>
    <message>
        <source>End the streetcar action after this piece (D)</source>
        <translation>Die Straßenbahn-Aktion nach diesem Teil beenden (D)</translation>
    </message>
    <message>
        <source>Exchange</source>
        <translation>Tauschen</translation>
    </message>
    <message>
        <source>Return the ticked cards and draw new ones (E)</source>
        <translation>Die markierten Karten abgeben und neue ziehen (E)</translation>
    </message>
    <message>
        <source>Pass</source>
        <translation>Passen</translation>
    </message>
    <message>
        <source>Do nothing this turn (P)</source>
        <translation>In diesem Zug nichts tun (P)</translation>
    </message>
    <message>
        <source>Offer face up</source>
        <translation>Offen bieten</translation>
    </message>
    <message>
        <source>Offer the ticked cards face up</source>
        <translation>Die markierten Karten offen anbieten</translation>
    </message>
    <message>
        <source>Offer face down</source>
        <translation>Verdeckt bieten</translation>
    </message>
    <message>
        <source>Offer the ticked cards face down</source>
        <translation>Die markierten Karten verdeckt anbieten</translation>
    </message>
    <message>
        <source>Stacks — click to draw</source>
        <translation>Stapel – zum Ziehen klicken</translation>
    </message>
    <message>
        <source>Draw the top card of stack {stack} (key {stack})</source>
        <translation>Die oberste Karte von Stapel {stack} ziehen (Taste {stack})</translation>
    </message>
    <message>
        <source>Redevelopment — offered cards</source>
        <translation>Sanierung – angebotene Karten</translation>
    </message>
    <message>
        <source>Take the chosen card</source>
        <translation>Gewählte Karte nehmen</translation>
    </message>
    <message>
        <source>Offered cards</source>
        <translation>Angebotene Karten</translation>
    </message>
    <message>
        <source>Take the card chosen in the list of offered cards</source>
        <translation>Die in der Liste der angebotenen Karten gewählte Karte nehmen</translation>
    </message>
    <message>
        <source>tick the cards to exchange in your hand first</source>
        <translation>markieren Sie zuerst die zu tauschenden Karten in Ihrer Hand</translation>
    </message>
    <message>
        <source>tick one or two cards to offer in your hand first</source>
        <translation>markieren Sie zuerst ein oder zwei Karten in Ihrer Hand zum Anbieten</translation>
    </message>
    <message>
        <source>choose an offered card first</source>
        <translation>wählen Sie zuerst eine angebotene Karte</translation>
    </message>
    <message>
        <source>{stack}
{n} left</source>
        <translation>{stack}
{n} übrig</translation>
    </message>
    <message>
        <source>Stack {stack}, {n} cards left</source>
        <translation>Stapel {stack}, noch {n} Karten</translation>
    </message>
    <message>
        <source>Stacks — choose where to draw</source>
        <translation>Stapel – zum Ziehen wählen</translation>
    </message>
    <message>
        <source>Stacks (cards left)</source>
        <translation>Stapel (übrige Karten)</translation>
    </message>
    <message>
        <source>No cards offered yet.</source>
        <translation>Noch keine Karten angeboten.</translation>
    </message>
    <message>
        <source>Game log</source>
        <translation>Spielprotokoll</translation>
    </message>
    <message>
        <source>outskirts</source>
        <translation>Stadtrand</translation>
    </message>
    <message>
        <source>city centre</source>
        <translation>Innenstadt</translation>
    </message>
    <message>
        <source>streetcar</source>
        <translation>Straßenbahn</translation>
    </message>
    <message>
        <source>Spare neighborhoods</source>
        <translation>Übrige Stadtteile</translation>
    </message>
    <message>
        <source>Enter picks the chosen neighborhood up to place on the board.</source>
        <translation>Eingabe nimmt den gewählten Stadtteil auf, um ihn auf das Spielfeld zu legen.</translation>
    </message>
    <message>
        <source>Neighborhood {n}, {name}: {w}×{h} lots</source>
        <translation>Stadtteil {n}, {name}: {w}×{h} Grundstücke</translation>
    </message>
    <message>
        <source>Every neighborhood is in the city.</source>
        <translation>Alle Stadtteile liegen in der Stadt.</translation>
    </message>
    <message>
        <source>Setup: place one of these (click or drag; R rotates).</source>
        <translation>Aufbau: Legen Sie einen davon (klicken oder ziehen; R dreht).</translation>
    </message>
    <message>
        <source>Click or drag a neighborhood onto the board; R or the wheel rotates it.</source>
        <translation>Klicken oder ziehen Sie einen Stadtteil auf das Spielfeld; R oder das Mausrad dreht ihn.</translation>
    </message>
    <message>
        <source>New neighborhoods open once City Hall stands.</source>
        <translation>Neue Stadtteile gibt es, sobald das Rathaus steht.</translation>
    </message>
    <message>
        <source>Spare neighborhoods.</source>
        <translation>Übrige Stadtteile.</translation>
    </message>
</context>
<context>
    <name>PlayerKey</name>
    <message>
        <source>Player key</source>
        <extracomment>the most bytes of a key file read</extracomment>
        <translation>Spielerschlüssel</translation>
    </message>
    <message>
        <source>Table servers know you by this key, with no password. Carry it to another computer or browser as a code or a file; keep it to yourself: whoever has it plays as you.</source>
        <translation>Tischserver kennen Sie an diesem Schlüssel, ohne Passwort. Nehmen Sie ihn als Code oder Datei auf einen anderen Computer oder Browser mit; behalten Sie ihn für sich: wer ihn hat, spielt als Sie.</translation>
    </message>
    <message>
        <source>&amp;Copy code</source>
        <translation>Code &amp;kopieren</translation>
    </message>
    <message>
        <source>Save to &amp;file…</source>
        <translation>In &amp;Datei speichern…</translation>
    </message>
    <message>
        <source>&amp;QR code…</source>
        <translation>&amp;QR-Code…</translation>
    </message>
    <message>
        <source>&amp;Enter a code…</source>
        <translation>Code &amp;eingeben…</translation>
    </message>
    <message>
        <source>&amp;Open a file…</source>
        <translation>Datei ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Your player id: {player}</source>
        <translation>Ihre Spieler-ID: {player}</translation>
    </message>
    <message>
        <source>Save the player key</source>
        <translation>Spielerschlüssel speichern</translation>
    </message>
    <message>
        <source>Player key (*.txt)</source>
        <translation>Spielerschlüssel (*.txt)</translation>
    </message>
    <message>
        <source>The player key&apos;s code (BCK1.…):</source>
        <translation>Code des Spielerschlüssels (BCK1.…):</translation>
    </message>
    <message>
        <source>Open a player key</source>
        <translation>Spielerschlüssel öffnen</translation>
    </message>
    <message>
        <source>Player key (*.txt);;All files (*)</source>
        <translation>Spielerschlüssel (*.txt);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>This is not a player key&apos;s code, or it is damaged.</source>
        <translation>Das ist kein Code eines Spielerschlüssels, oder er ist beschädigt.</translation>
    </message>
    <message>
        <source>Player key as a QR code</source>
        <translation>Spielerschlüssel als QR-Code</translation>
    </message>
    <message>
        <source>&lt;b&gt;This code is your player key, a secret&lt;/b&gt;: whoever scans it plays as you. Show it only to your own phone or computer, never to anyone else, in a screenshot or a stream.</source>
        <translation>&lt;b&gt;Dieser Code ist Ihr Spielerschlüssel, ein Geheimnis&lt;/b&gt;: Wer ihn einliest, spielt als Sie. Zeigen Sie ihn nur Ihrem eigenen Telefon oder Rechner, niemals anderen, in einem Bildschirmfoto oder einem Stream.</translation>
    </message>
    <message>
        <source>QR code of your player key (a secret)</source>
        <translation>QR-Code Ihres Spielerschlüssels (ein Geheimnis)</translation>
    </message>
    <message>
        <source>On the other device, enter the code it reads: Enter a code…, or the page&apos;s Use this code.</source>
        <translation>Geben Sie auf dem anderen Gerät den gelesenen Code ein: Code eingeben…, oder auf der Seite Diesen Code verwenden.</translation>
    </message>
</context>
<context>
    <name>PlayerName</name>
    <message>
        <source>Player</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <source>Welcome to Big City</source>
        <translation>Willkommen bei Big City</translation>
    </message>
    <message>
        <source>What is your name? The other players see it at the table and in the results.</source>
        <translation>Wie heißen Sie? Die anderen Spieler sehen den Namen am Tisch und in den Ergebnissen.</translation>
    </message>
</context>
<context>
    <name>PlayerStrips</name>
    <message>
        <source>to move</source>
        <translation>am Zug</translation>
    </message>
    <message>
        <source>Players and scores</source>
        <translation>Spieler und Punkte</translation>
    </message>
</context>
<context>
    <name>Preferences</name>
    <message>
        <source>Instant</source>
        <extracomment>the words shown for the speeds and the bot levels (the keys stay English: object names, settings)</extracomment>
        <translation>Sofort</translation>
    </message>
    <message>
        <source>Fast</source>
        <translation>Schnell</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>Normal</translation>
    </message>
    <message>
        <source>Slow</source>
        <translation>Langsam</translation>
    </message>
    <message>
        <source>Preferences</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>System default ({language})</source>
        <translation>Systemvorgabe ({language})</translation>
    </message>
    <message>
        <source>The language of menus, messages and the rules summary</source>
        <translation>Die Sprache der Menüs, Meldungen und der Regelübersicht</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Sprache:</translation>
    </message>
    <message>
        <source>{speed} ({seconds} s per move)</source>
        <translation>{speed} ({seconds} s pro Zug)</translation>
    </message>
    <message>
        <source>{ms} ms per move</source>
        <translation>{ms} ms pro Zug</translation>
    </message>
    <message>
        <source>&amp;Bot speed:</source>
        <translation>&amp;Bot-Tempo:</translation>
    </message>
    <message>
        <source>Move pieces and cards, count up the scores</source>
        <translation>Teile und Karten bewegen, Punkte hochzählen</translation>
    </message>
    <message>
        <source>Short motion (under half a second, never in the way of a click or key), the bots&apos; moves flashed on the board and the end-of-game moment; off: everything shows at once</source>
        <translation>Kurze Bewegungen (unter einer halben Sekunde, nie einem Klick oder einer Taste im Weg), die Züge der Bots auf dem Spielfeld hervorgehoben und der Moment am Spielende; aus: alles erscheint sofort</translation>
    </message>
    <message>
        <source>&amp;Animations:</source>
        <translation>&amp;Animationen:</translation>
    </message>
    <message>
        <source>Standard</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>Colour-blind safe</source>
        <translation>Farbenblind-tauglich</translation>
    </message>
    <message>
        <source>The player colours offered for new games and used on the board</source>
        <translation>Die Spielerfarben für neue Spiele und auf dem Spielfeld</translation>
    </message>
    <message>
        <source>Colour &amp;palette:</source>
        <translation>&amp;Farbpalette:</translation>
    </message>
    <message>
        <source>As the system</source>
        <translation>Wie das System</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>Light or dark windows and board; “As the system” follows the system&apos;s setting</source>
        <translation>Helle oder dunkle Fenster und Spielfeld; „Wie das System“ folgt der Einstellung des Systems</translation>
    </message>
    <message>
        <source>&amp;Light or dark:</source>
        <translation>&amp;Hell oder dunkel:</translation>
    </message>
    <message>
        <source>Ask before passing a turn</source>
        <translation>Vor dem Passen nachfragen</translation>
    </message>
    <message>
        <source>&amp;Confirm:</source>
        <translation>&amp;Bestätigen:</translation>
    </message>
    <message>
        <source>Find tables on this network, and show mine</source>
        <translation>Tische in diesem Netzwerk finden und meine zeigen</translation>
    </message>
    <message>
        <source>Network games: tables on computers of the same local network appear in Join by themselves (mDNS)</source>
        <translation>Netzwerkspiele: Tische auf Rechnern desselben lokalen Netzwerks erscheinen von selbst unter Beitreten (mDNS)</translation>
    </message>
    <message>
        <source>&amp;Network:</source>
        <translation>&amp;Netzwerk:</translation>
    </message>
    <message>
        <source>&amp;Sound:</source>
        <translation>&amp;Ton:</translation>
    </message>
    <message>
        <source>Sound volume</source>
        <translation>Lautstärke der Klänge</translation>
    </message>
    <message>
        <source>How loud the sound effects play: a building placed, a tile laid, cards drawn, a bot&apos;s move, your turn, the end of a game</source>
        <translation>Wie laut die Klänge spielen: ein gesetztes Gebäude, ein gelegter Stadtteil, gezogene Karten, ein Bot-Zug, Ihr Zug, das Spielende</translation>
    </message>
    <message>
        <source>Mute</source>
        <translation>Stumm</translation>
    </message>
    <message>
        <source>No sound at all</source>
        <translation>Gar kein Ton</translation>
    </message>
    <message>
        <source>The new language is used when Big City Desktop is started again.</source>
        <translation>Die neue Sprache gilt beim nächsten Start von Big City Desktop.</translation>
    </message>
</context>
<context>
    <name>Presenters</name>
    <message>
        <source>place one of the starting neighborhoods first</source>
        <extracomment>the one table of what each phase asks of the player at the screen</extracomment>
        <translation>legen Sie zuerst einen der Start-Stadtteile</translation>
    </message>
    <message>
        <source>&lt;b&gt;Your turn&lt;/b&gt;: place one of neighborhoods {tiles} (Neighborhoods panel).</source>
        <translation>&lt;b&gt;Sie sind am Zug&lt;/b&gt;: Legen Sie einen der Stadtteile {tiles} (Liste Stadtteile).</translation>
    </message>
    <message>
        <source>choose an action first</source>
        <translation>wählen Sie zuerst eine Aktion</translation>
    </message>
    <message>
        <source>&lt;b&gt;Your turn&lt;/b&gt;: build (Supply), place a streetcar or neighborhood, exchange or pass.</source>
        <translation>&lt;b&gt;Sie sind am Zug&lt;/b&gt;: bauen (Vorrat), Straßenbahn oder Stadtteil legen, tauschen oder passen.</translation>
    </message>
    <message>
        <source>place a second streetcar or press Done</source>
        <translation>legen Sie eine zweite Straßenbahn oder drücken Sie Fertig</translation>
    </message>
    <message>
        <source>&lt;b&gt;Streetcar&lt;/b&gt;: place a second streetcar, or click Done.</source>
        <translation>&lt;b&gt;Straßenbahn&lt;/b&gt;: Legen Sie eine zweite Straßenbahn oder klicken Sie auf Fertig.</translation>
    </message>
    <message>
        <source>draw the cards for the exchange first</source>
        <translation>ziehen Sie zuerst die Karten für den Tausch</translation>
    </message>
    <message>
        <source>&lt;b&gt;Exchange&lt;/b&gt;: draw {cards} — choose the stacks.</source>
        <translation>&lt;b&gt;Tausch&lt;/b&gt;: {cards} ziehen – wählen Sie die Stapel.</translation>
    </message>
    <message>
        <source>draw cards to refill your hand first</source>
        <translation>ziehen Sie zuerst Karten nach</translation>
    </message>
    <message>
        <source>&lt;b&gt;Refill&lt;/b&gt;: draw {cards} — choose the stacks.</source>
        <translation>&lt;b&gt;Nachziehen&lt;/b&gt;: {cards} ziehen – wählen Sie die Stapel.</translation>
    </message>
    <message>
        <source>offer cards for redevelopment first</source>
        <translation>bieten Sie zuerst Karten für die Sanierung an</translation>
    </message>
    <message>
        <source>&lt;b&gt;Redevelopment&lt;/b&gt;: tick 1 or 2 cards and offer them face up or face down.</source>
        <translation>&lt;b&gt;Sanierung&lt;/b&gt;: Markieren Sie 1 oder 2 Karten und bieten Sie sie offen oder verdeckt an.</translation>
    </message>
    <message>
        <source>take a redevelopment card first</source>
        <translation>nehmen Sie zuerst eine Sanierungskarte</translation>
    </message>
    <message>
        <source>&lt;b&gt;Redevelopment&lt;/b&gt;: take an offered card.</source>
        <translation>&lt;b&gt;Sanierung&lt;/b&gt;: Nehmen Sie eine angebotene Karte.</translation>
    </message>
    <message>
        <source>not now</source>
        <translation>nicht jetzt</translation>
    </message>
    <message>
        <source>No game yet: Game → New game (Ctrl+N).</source>
        <translation>Noch kein Spiel: Spiel → Neues Spiel (Strg+N).</translation>
    </message>
    <message>
        <source>&lt;b&gt;The game is over.&lt;/b&gt;</source>
        <translation>&lt;b&gt;Das Spiel ist vorbei.&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Waiting for &lt;b&gt;you&lt;/b&gt; to take the screen.</source>
        <translation>Warte, bis &lt;b&gt;Sie&lt;/b&gt; den Bildschirm übernehmen.</translation>
    </message>
    <message>
        <source>Waiting for &lt;b&gt;{name}&lt;/b&gt; to take the screen.</source>
        <translation>Warte, bis &lt;b&gt;{name}&lt;/b&gt; den Bildschirm übernimmt.</translation>
    </message>
    <message>
        <source>&lt;b&gt;{name}&lt;/b&gt; is thinking…</source>
        <translation>&lt;b&gt;{name}&lt;/b&gt; überlegt…</translation>
    </message>
    <message>
        <source>&lt;b&gt;{name}&lt;/b&gt; is playing…</source>
        <translation>&lt;b&gt;{name}&lt;/b&gt; spielt…</translation>
    </message>
    <message>
        <source>1 card</source>
        <translation>1 Karte</translation>
    </message>
    <message>
        <source>{n} cards</source>
        <translation>{n} Karten</translation>
    </message>
    <message>
        <source>Setup: the starting neighborhoods are laid by {names}, in this order; then the start player takes the first turn.</source>
        <translation>Aufbau: Die Start-Stadtteile legen {names}, in dieser Reihenfolge; danach hat der Startspieler den ersten Zug.</translation>
    </message>
    <message>
        <source>Starting points make up for moving later in the round: {scores}.</source>
        <translation>Startpunkte gleichen aus, wer später in der Runde zieht: {scores}.</translation>
    </message>
    <message>
        <source>R{round}  You are the start player.</source>
        <translation>R{round}  Sie sind Startspieler.</translation>
    </message>
    <message>
        <source>R{round}  {name} is the start player.</source>
        <translation>R{round}  {name} ist Startspieler.</translation>
    </message>
    <message>
        <source>R{round}  The game goes on from here: it is your turn.</source>
        <translation>R{round}  Das Spiel geht von hier aus weiter: Sie sind am Zug.</translation>
    </message>
    <message>
        <source>R{round}  The game goes on from here: it is {name}&apos;s turn.</source>
        <translation>R{round}  Das Spiel geht von hier aus weiter: {name} ist am Zug.</translation>
    </message>
    <message>
        <source>you</source>
        <comment>a card taken from the first seat: from you</comment>
        <translation>Ihnen</translation>
    </message>
    <message>
        <source>{name} {event}</source>
        <translation>{name}: {event}</translation>
    </message>
    <message>
        <source>built on {lots}: +{score}</source>
        <translation>baute auf {lots}: +{score}</translation>
    </message>
    <message>
        <source>laid streetcars</source>
        <translation>legte Straßenbahn</translation>
    </message>
    <message>
        <source>exchanged cards</source>
        <translation>tauschte Karten</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>passte</translation>
    </message>
    <message>
        <source>offered cards</source>
        <translation>bot Karten an</translation>
    </message>
    <message>
        <source>took a card</source>
        <translation>nahm eine Karte</translation>
    </message>
    <message>
        <source>laid neighborhood {tile}</source>
        <translation>legte Stadtteil {tile}</translation>
    </message>
    <message>
        <source>Since your turn: {moves}</source>
        <translation>Seit Ihrem Zug: {moves}</translation>
    </message>
    <message>
        <source>{name}: {building} +{score}</source>
        <translation>{name}: {building} +{score}</translation>
    </message>
    <message>
        <source>Built with card {card}.</source>
        <translation>Gebaut mit Karte {card}.</translation>
    </message>
    <message>
        <source> and </source>
        <translation> und </translation>
    </message>
    <message>
        <source>A tie: {names} share first place</source>
        <translation>Gleichstand: {names} teilen sich den ersten Platz</translation>
    </message>
    <message>
        <source>You win!</source>
        <translation>Sie gewinnen!</translation>
    </message>
    <message>
        <source>{name} wins</source>
        <translation>{name} gewinnt</translation>
    </message>
    <message>
        <source>Original edition</source>
        <translation>Originalausgabe</translation>
    </message>
    <message>
        <source>Jumbo edition</source>
        <translation>Jumbo-Ausgabe</translation>
    </message>
    <message>
        <source>{edition} · round {round}</source>
        <translation>{edition} · Runde {round}</translation>
    </message>
    <message>
        <source>City Hall worth 1 point</source>
        <translation>Rathaus 1 Punkt wert</translation>
    </message>
    <message>
        <source>City Hall worth {value} points</source>
        <translation>Rathaus {value} Punkte wert</translation>
    </message>
</context>
<context>
    <name>Puzzles</name>
    <message>
        <source>a lead of {n}</source>
        <translation>ein Vorsprung von {n}</translation>
    </message>
    <message>
        <source>{n} points</source>
        <translation>{n} Punkte</translation>
    </message>
    <message>
        <source>Original</source>
        <translation>Original</translation>
    </message>
    <message>
        <source>Jumbo</source>
        <translation>Jumbo</translation>
    </message>
    <message>
        <source>Solved</source>
        <translation>Gelöst</translation>
    </message>
    <message>
        <source>Puzzle</source>
        <translation>Rätsel</translation>
    </message>
    <message>
        <source>Edition</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <source>Difficulty</source>
        <translation>Schwierigkeit</translation>
    </message>
    <message>
        <source>Best</source>
        <translation>Bestwert</translation>
    </message>
    <message>
        <source>solved</source>
        <translation>gelöst</translation>
    </message>
    <message>
        <source>not solved</source>
        <translation>nicht gelöst</translation>
    </message>
    <message>
        <source>{n} of 5</source>
        <translation>{n} von 5</translation>
    </message>
    <message>
        <source>Your best: {mine}; the best known: {best}</source>
        <translation>Ihr bestes Ergebnis: {mine}; das beste bekannte: {best}</translation>
    </message>
    <message>
        <source>The best known: {best}</source>
        <translation>Das beste bekannte Ergebnis: {best}</translation>
    </message>
    <message>
        <source>Puzzles</source>
        <translation>Rätsel</translation>
    </message>
    <message>
        <source>Each puzzle is a position with a goal: reach it with your next moves. The other player answers the same way every time. Solved puzzles are ticked.</source>
        <translation>Jedes Rätsel ist eine Stellung mit einem Ziel: Erreichen Sie es mit Ihren nächsten Zügen. Der andere Spieler antwortet jedes Mal gleich. Gelöste Rätsel sind abgehakt.</translation>
    </message>
    <message>
        <source>Edition:</source>
        <translation>Ausgabe:</translation>
    </message>
    <message>
        <source>All editions</source>
        <translation>Alle Ausgaben</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation>&amp;Spielen</translation>
    </message>
    <message>
        <source>&amp;Show me</source>
        <translation>&amp;Zeig es mir</translation>
    </message>
    <message>
        <source>Play the best-known answer move by move on the board</source>
        <translation>Die beste bekannte Lösung Zug für Zug auf dem Brett vorspielen</translation>
    </message>
    <message>
        <source>&amp;Open puzzle file…</source>
        <translation>Rätsel&amp;datei öffnen…</translation>
    </message>
    <message>
        <source>{solved} of {n} solved</source>
        <translation>{solved} von {n} gelöst</translation>
    </message>
    <message>
        <source>The best known: {best}.</source>
        <translation>Das beste bekannte Ergebnis: {best}.</translation>
    </message>
    <message>
        <source>Yours: {mine}.</source>
        <translation>Ihres: {mine}.</translation>
    </message>
    <message>
        <source>Open puzzle</source>
        <translation>Rätsel öffnen</translation>
    </message>
    <message>
        <source>Big City puzzles (*.json);;All files (*)</source>
        <translation>Big-City-Rätsel (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Cannot open the puzzle</source>
        <translation>Das Rätsel lässt sich nicht öffnen</translation>
    </message>
    <message>
        <source>{file} is not a puzzle this program can play: {reason}</source>
        <translation>{file} ist kein Rätsel, das dieses Programm spielen kann: {reason}</translation>
    </message>
</context>
<context>
    <name>RemoteSession</name>
    <message>
        <source>it is not your turn</source>
        <extracomment>how a refusal&apos;s code reads in the player&apos;s language (else the server&apos;s own sentence)</extracomment>
        <translation>Sie sind nicht am Zug</translation>
    </message>
    <message>
        <source>the game moved on before your move arrived: look again and choose</source>
        <translation>das Spiel ging weiter, bevor Ihr Zug ankam: Sehen Sie noch einmal hin und wählen Sie</translation>
    </message>
    <message>
        <source>the connection to the table is closed</source>
        <translation>die Verbindung zum Tisch ist geschlossen</translation>
    </message>
    <message>
        <source>spectators watch; they do not play</source>
        <translation>Zuschauer sehen zu; sie spielen nicht</translation>
    </message>
    <message>
        <source>only the host of the table can do that</source>
        <translation>das kann nur der Gastgeber des Tisches</translation>
    </message>
    <message>
        <source>every seat of this table is taken</source>
        <translation>jeder Platz dieses Tisches ist besetzt</translation>
    </message>
    <message>
        <source>the game at this table has begun</source>
        <translation>das Spiel an diesem Tisch hat begonnen</translation>
    </message>
    <message>
        <source>too many messages at once: wait a moment</source>
        <translation>zu viele Nachrichten auf einmal: Warten Sie einen Moment</translation>
    </message>
    <message>
        <source>your time ran out: a bot plays your seat now, and the game counts as a loss for you (Take my seat back, in the table&apos;s dock, gives it back to you)</source>
        <translation>Ihre Zeit ist abgelaufen: Ein Bot spielt jetzt Ihren Platz, und das Spiel zählt als Niederlage für Sie („Meinen Platz zurücknehmen“ in der Tisch-Leiste gibt ihn Ihnen zurück)</translation>
    </message>
    <message>
        <source>a bot plays your seat since your time ran out: take it back first</source>
        <translation>ein Bot spielt Ihren Platz, seit Ihre Zeit abgelaufen ist: Nehmen Sie ihn zuerst zurück</translation>
    </message>
    <message>
        <source>the table is paused: nobody moves until a player resumes the game</source>
        <translation>der Tisch pausiert: Niemand zieht, bis ein Spieler die Partie fortsetzt</translation>
    </message>
    <message>
        <source>{table} is no longer at {address}, so your seat there is forgotten.</source>
        <extracomment>the refusals of a rejoin that mean the seat is gone for good</extracomment>
        <translation>{table} gibt es bei {address} nicht mehr, daher ist Ihr Platz dort vergessen.</translation>
    </message>
    <message>
        <source>{address} no longer keeps your seat at {table}, so it is forgotten.</source>
        <translation>{address} hält Ihren Platz an {table} nicht mehr frei, daher ist er vergessen.</translation>
    </message>
    <message>
        <source>Fair deal verified: the server committed to the game&apos;s seed before it began, and that seed gives every card you were dealt and drew.</source>
        <extracomment>the GUI thread takes what came from the network at most this often (and never sooner after a take than that take&apos;s own work lasted) chat lines a take hands to the window at most (more wait for the next take)</extracomment>
        <translation>Faires Mischen bestätigt: Der Server hat sich vor Spielbeginn auf den Startwert festgelegt, und dieser Startwert ergibt jede Karte, die Sie erhalten und gezogen haben.</translation>
    </message>
    <message>
        <source>Warning: the deal could not be verified: {reason}.</source>
        <translation>Warnung: Das Mischen ließ sich nicht bestätigen: {reason}.</translation>
    </message>
    <message>
        <source>Joining the table…</source>
        <translation>Auf dem Weg an den Tisch…</translation>
    </message>
    <message>
        <source>The game at the table is on its way…</source>
        <translation>Das Spiel am Tisch ist unterwegs…</translation>
    </message>
    <message>
        <source>&lt;b&gt;Waiting for players…&lt;/b&gt; 1 seat is free.</source>
        <translation>&lt;b&gt;Warten auf Mitspieler…&lt;/b&gt; 1 Platz ist frei.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Waiting for players…&lt;/b&gt; {n} seats are free.</source>
        <translation>&lt;b&gt;Warten auf Mitspieler…&lt;/b&gt; {n} Plätze sind frei.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Every seat is taken&lt;/b&gt;: Start the game in the Network table.</source>
        <translation>&lt;b&gt;Alle Plätze sind besetzt&lt;/b&gt;: Beginnen Sie das Spiel im Netzwerk-Tisch.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Waiting for {name}&lt;/b&gt; to start the game…</source>
        <translation>&lt;b&gt;Warten, bis {name}&lt;/b&gt; das Spiel beginnt…</translation>
    </message>
    <message>
        <source>the host</source>
        <translation>der Gastgeber</translation>
    </message>
    <message>
        <source>(free seat)</source>
        <translation>(freier Platz)</translation>
    </message>
    <message>
        <source>the table cannot be reached now: play the move again when the link is back</source>
        <translation>der Tisch ist gerade nicht erreichbar: Spielen Sie den Zug noch einmal, wenn die Verbindung zurück ist</translation>
    </message>
    <message>
        <source>take-backs are off in network games</source>
        <translation>Zurücknahmen sind in Netzwerkspielen ausgeschaltet</translation>
    </message>
    <message>
        <source>{table} at {address} cannot be reached, so your seat there is forgotten.</source>
        <translation>{table} bei {address} ist nicht erreichbar, daher ist Ihr Platz dort vergessen.</translation>
    </message>
    <message>
        <source>The game&apos;s record did not arrive whole: {reason}</source>
        <translation>Die Aufzeichnung des Spiels kam nicht vollständig an: {reason}</translation>
    </message>
    <message>
        <source>connecting to {address}…</source>
        <translation>verbinde mit {address}…</translation>
    </message>
    <message>
        <source>reconnecting… (the table waits; attempt {n})</source>
        <translation>verbinde erneut… (der Tisch wartet; Versuch {n})</translation>
    </message>
    <message>
        <source>disconnected from the table: {reason}</source>
        <translation>vom Tisch getrennt: {reason}</translation>
    </message>
    <message>
        <source>the connection closed</source>
        <translation>die Verbindung wurde geschlossen</translation>
    </message>
</context>
<context>
    <name>ReplayHandsModel</name>
    <message>
        <source>Player</source>
        <extracomment>play speeds: label, milliseconds per step</extracomment>
        <translation>Spieler</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Punkte</translation>
    </message>
    <message>
        <source>Hand</source>
        <translation>Hand</translation>
    </message>
</context>
<context>
    <name>ReplayWindow</name>
    <message>
        <source>Replay — %1</source>
        <translation>Wiedergabe — %1</translation>
    </message>
    <message>
        <source>(with take-backs)</source>
        <translation>(mit Zurücknahmen)</translation>
    </message>
    <message>
        <source>Players and hands</source>
        <translation>Spieler und Hände</translation>
    </message>
    <message>
        <source>Game log</source>
        <translation>Spielprotokoll</translation>
    </message>
    <message>
        <source>Score history</source>
        <translation>Punkteverlauf</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Fit the city</source>
        <translation>Stadt einpassen</translation>
    </message>
    <message>
        <source>Replay</source>
        <translation>Wiedergabe</translation>
    </message>
    <message>
        <source>First</source>
        <translation>Anfang</translation>
    </message>
    <message>
        <source>Start of the game (Home)</source>
        <translation>Spielbeginn (Pos1)</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <source>Previous decision (Left)</source>
        <translation>Vorige Entscheidung (Links)</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Abspielen</translation>
    </message>
    <message>
        <source>Play / pause (Space)</source>
        <translation>Abspielen / Pause (Leertaste)</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Weiter</translation>
    </message>
    <message>
        <source>Next decision (Right)</source>
        <translation>Nächste Entscheidung (Rechts)</translation>
    </message>
    <message>
        <source>Last</source>
        <translation>Ende</translation>
    </message>
    <message>
        <source>End of the game (End)</source>
        <translation>Spielende (Ende)</translation>
    </message>
    <message>
        <source>↑ Round</source>
        <translation>↑ Runde</translation>
    </message>
    <message>
        <source>Start of this or the previous round (Page Up)</source>
        <translation>Beginn dieser oder der vorigen Runde (Bild auf)</translation>
    </message>
    <message>
        <source>Round ↓</source>
        <translation>Runde ↓</translation>
    </message>
    <message>
        <source>Start of the next round (Page Down)</source>
        <translation>Beginn der nächsten Runde (Bild ab)</translation>
    </message>
    <message>
        <source>Speed:</source>
        <translation>Tempo:</translation>
    </message>
    <message>
        <source>%1 a step</source>
        <translation>%1 je Schritt</translation>
    </message>
    <message>
        <source>Round:</source>
        <translation>Runde:</translation>
    </message>
    <message>
        <source>Jump to the start of a round (Enter)</source>
        <translation>Zum Beginn einer Runde springen (Eingabe)</translation>
    </message>
    <message>
        <source>Go</source>
        <translation>Los</translation>
    </message>
    <message>
        <source>Analyse:</source>
        <translation>Analysieren:</translation>
    </message>
    <message>
        <source>Analyze</source>
        <translation>Analysieren</translation>
    </message>
    <message>
        <source>The hard bot looks again at each main action of the ticked players, from their own view</source>
        <translation>Der schwere Bot prüft jede Hauptaktion der angekreuzten Spieler noch einmal, aus deren eigener Sicht</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Analyze to see where points were lost.</source>
        <translation>Analysieren Sie, um zu sehen, wo Punkte verloren gingen.</translation>
    </message>
    <message>
        <source>Every analysed decision, in game order (not only the biggest mistakes)</source>
        <translation>Jede analysierte Entscheidung in Spielreihenfolge (nicht nur die größten Fehler)</translation>
    </message>
    <message>
        <source>Analysis</source>
        <translation>Analyse</translation>
    </message>
    <message>
        <source>Decision %1 of %2, round %3</source>
        <translation>Entscheidung %1 von %2, Runde %3</translation>
    </message>
    <message>
        <source>game over</source>
        <translation>Spiel vorbei</translation>
    </message>
    <message>
        <source>you to play</source>
        <translation>Sie sind am Zug</translation>
    </message>
    <message>
        <source>%1 to play</source>
        <translation>%1 ist am Zug</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Tick at least one player to analyse.</source>
        <translation>Kreuzen Sie mindestens einen Spieler zum Analysieren an.</translation>
    </message>
    <message>
        <source>The hard bot is looking at every main action…</source>
        <translation>Der schwere Bot prüft jede Hauptaktion…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen…</translation>
    </message>
    <message>
        <source>decision %1 of %2</source>
        <translation>Entscheidung %1 von %2</translation>
    </message>
    <message>
        <source>The analysis was cancelled.</source>
        <translation>Die Analyse wurde abgebrochen.</translation>
    </message>
    <message>
        <source>The analysis failed: %1</source>
        <translation>Die Analyse ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>%1: about %2 points lost in %3 main actions, %4 mistakes</source>
        <translation>%1: etwa %2 Punkte verloren in %3 Hauptaktionen, %4 Fehler</translation>
    </message>
    <message>
        <source> (%1 probably cost the win)</source>
        <translation> (%1 kostete wohl den Sieg)</translation>
    </message>
    <message>
        <source>Click a mistake to see it on the board.</source>
        <translation>Klicken Sie auf einen Fehler, um ihn auf dem Spielplan zu sehen.</translation>
    </message>
    <message>
        <source>The better move is outlined on the board.</source>
        <translation>Der bessere Zug ist auf dem Spielfeld umrandet.</translation>
    </message>
</context>
<context>
    <name>ResultsDialog</name>
    <message>
        <source>Watch the replay</source>
        <translation>Wiedergabe ansehen</translation>
    </message>
    <message>
        <source>Analyze</source>
        <translation>Analysieren</translation>
    </message>
    <message>
        <source>The hard bot looks at every move of the humans for points lost</source>
        <translation>Der schwere Bot prüft jeden Zug der menschlichen Spieler auf verlorene Punkte</translation>
    </message>
</context>
<context>
    <name>Rules</name>
    <message>
        <source>Big City (first edition, 1999)</source>
        <translation>Big City (Erstausgabe, 1999)</translation>
    </message>
    <message>
        <source>Midtown</source>
        <translation>Stadtmitte</translation>
    </message>
    <message>
        <source>Downtown</source>
        <translation>Zentrum</translation>
    </message>
    <message>
        <source>Harbor</source>
        <translation>Hafen</translation>
    </message>
    <message>
        <source>Old Town</source>
        <translation>Altstadt</translation>
    </message>
    <message>
        <source>Riverside</source>
        <translation>Flussufer</translation>
    </message>
    <message>
        <source>Market</source>
        <translation>Markt</translation>
    </message>
    <message>
        <source>Hillside</source>
        <translation>Am Hang</translation>
    </message>
    <message>
        <source>Parkview</source>
        <translation>Parkblick</translation>
    </message>
    <message>
        <source>Residence</source>
        <translation>Wohnhaus</translation>
    </message>
    <message>
        <source>residence</source>
        <translation>Wohnhaus</translation>
    </message>
    <message>
        <source>residences</source>
        <translation>Wohnhäuser</translation>
    </message>
    <message>
        <source>a residence</source>
        <translation>ein Wohnhaus</translation>
    </message>
    <message>
        <source>A residence</source>
        <translation>Ein Wohnhaus</translation>
    </message>
    <message>
        <source>Residences</source>
        <translation>Wohnhäuser</translation>
    </message>
    <message>
        <source>single</source>
        <translation>einfach</translation>
    </message>
    <message>
        <source>a single residence</source>
        <translation>ein einfaches Wohnhaus</translation>
    </message>
    <message>
        <source>A single residence</source>
        <translation>Ein einfaches Wohnhaus</translation>
    </message>
    <message>
        <source>single residence</source>
        <translation>einfaches Wohnhaus</translation>
    </message>
    <message>
        <source>Single residence</source>
        <translation>Einfaches Wohnhaus</translation>
    </message>
    <message>
        <source>single residences</source>
        <translation>einfache Wohnhäuser</translation>
    </message>
    <message>
        <source>double</source>
        <translation>doppelt</translation>
    </message>
    <message>
        <source>a double residence</source>
        <translation>ein doppeltes Wohnhaus</translation>
    </message>
    <message>
        <source>A double residence</source>
        <translation>Ein doppeltes Wohnhaus</translation>
    </message>
    <message>
        <source>double residence</source>
        <translation>doppeltes Wohnhaus</translation>
    </message>
    <message>
        <source>Double residence</source>
        <translation>Doppeltes Wohnhaus</translation>
    </message>
    <message>
        <source>double residences</source>
        <translation>doppelte Wohnhäuser</translation>
    </message>
    <message>
        <source>triple</source>
        <translation>dreifach</translation>
    </message>
    <message>
        <source>a triple residence</source>
        <translation>ein dreifaches Wohnhaus</translation>
    </message>
    <message>
        <source>A triple residence</source>
        <translation>Ein dreifaches Wohnhaus</translation>
    </message>
    <message>
        <source>triple residence</source>
        <translation>dreifaches Wohnhaus</translation>
    </message>
    <message>
        <source>Triple residence</source>
        <translation>Dreifaches Wohnhaus</translation>
    </message>
    <message>
        <source>triple residences</source>
        <translation>dreifache Wohnhäuser</translation>
    </message>
    <message>
        <source>Business</source>
        <translation>Geschäftshaus</translation>
    </message>
    <message>
        <source>business</source>
        <translation>Geschäftshaus</translation>
    </message>
    <message>
        <source>businesses</source>
        <translation>Geschäftshäuser</translation>
    </message>
    <message>
        <source>a business</source>
        <translation>ein Geschäftshaus</translation>
    </message>
    <message>
        <source>A business</source>
        <translation>Ein Geschäftshaus</translation>
    </message>
    <message>
        <source>Businesses</source>
        <translation>Geschäftshäuser</translation>
    </message>
    <message>
        <source>a single business</source>
        <translation>ein einfaches Geschäftshaus</translation>
    </message>
    <message>
        <source>A single business</source>
        <translation>Ein einfaches Geschäftshaus</translation>
    </message>
    <message>
        <source>single business</source>
        <translation>einfaches Geschäftshaus</translation>
    </message>
    <message>
        <source>Single business</source>
        <translation>Einfaches Geschäftshaus</translation>
    </message>
    <message>
        <source>single businesses</source>
        <translation>einfache Geschäftshäuser</translation>
    </message>
    <message>
        <source>a double business</source>
        <translation>ein doppeltes Geschäftshaus</translation>
    </message>
    <message>
        <source>A double business</source>
        <translation>Ein doppeltes Geschäftshaus</translation>
    </message>
    <message>
        <source>double business</source>
        <translation>doppeltes Geschäftshaus</translation>
    </message>
    <message>
        <source>Double business</source>
        <translation>Doppeltes Geschäftshaus</translation>
    </message>
    <message>
        <source>double businesses</source>
        <translation>doppelte Geschäftshäuser</translation>
    </message>
    <message>
        <source>a triple business</source>
        <translation>ein dreifaches Geschäftshaus</translation>
    </message>
    <message>
        <source>A triple business</source>
        <translation>Ein dreifaches Geschäftshaus</translation>
    </message>
    <message>
        <source>triple business</source>
        <translation>dreifaches Geschäftshaus</translation>
    </message>
    <message>
        <source>Triple business</source>
        <translation>Dreifaches Geschäftshaus</translation>
    </message>
    <message>
        <source>triple businesses</source>
        <translation>dreifache Geschäftshäuser</translation>
    </message>
    <message>
        <source>City Hall</source>
        <translation>Rathaus</translation>
    </message>
    <message>
        <source>city hall</source>
        <translation>Rathaus</translation>
    </message>
    <message>
        <source>city halls</source>
        <translation>Rathäuser</translation>
    </message>
    <message>
        <source>City Halls</source>
        <translation>Rathäuser</translation>
    </message>
    <message>
        <source>Single city hall</source>
        <translation>Rathaus</translation>
    </message>
    <message>
        <source>single city halls</source>
        <translation>Rathäuser</translation>
    </message>
    <message>
        <source>Church</source>
        <translation>Kirche</translation>
    </message>
    <message>
        <source>church</source>
        <translation>Kirche</translation>
    </message>
    <message>
        <source>churchs</source>
        <translation>Kirchen</translation>
    </message>
    <message>
        <source>a church</source>
        <translation>eine Kirche</translation>
    </message>
    <message>
        <source>A church</source>
        <translation>Eine Kirche</translation>
    </message>
    <message>
        <source>Churchs</source>
        <translation>Kirchen</translation>
    </message>
    <message>
        <source>Single church</source>
        <translation>Kirche</translation>
    </message>
    <message>
        <source>single churchs</source>
        <translation>Kirchen</translation>
    </message>
    <message>
        <source>Cinema</source>
        <translation>Kino</translation>
    </message>
    <message>
        <source>cinema</source>
        <translation>Kino</translation>
    </message>
    <message>
        <source>cinemas</source>
        <translation>Kinos</translation>
    </message>
    <message>
        <source>a cinema</source>
        <translation>ein Kino</translation>
    </message>
    <message>
        <source>A cinema</source>
        <translation>Ein Kino</translation>
    </message>
    <message>
        <source>Cinemas</source>
        <translation>Kinos</translation>
    </message>
    <message>
        <source>Single cinema</source>
        <translation>Kino</translation>
    </message>
    <message>
        <source>single cinemas</source>
        <translation>Kinos</translation>
    </message>
    <message>
        <source>Post Office</source>
        <translation>Postamt</translation>
    </message>
    <message>
        <source>post office</source>
        <translation>Postamt</translation>
    </message>
    <message>
        <source>post offices</source>
        <translation>Postämter</translation>
    </message>
    <message>
        <source>a post office</source>
        <translation>ein Postamt</translation>
    </message>
    <message>
        <source>A post office</source>
        <translation>Ein Postamt</translation>
    </message>
    <message>
        <source>Post Offices</source>
        <translation>Postämter</translation>
    </message>
    <message>
        <source>Single post office</source>
        <translation>Postamt</translation>
    </message>
    <message>
        <source>single post offices</source>
        <translation>Postämter</translation>
    </message>
    <message>
        <source>Bank</source>
        <translation>Bank</translation>
    </message>
    <message>
        <source>bank</source>
        <translation>Bank</translation>
    </message>
    <message>
        <source>banks</source>
        <translation>Banken</translation>
    </message>
    <message>
        <source>a bank</source>
        <translation>eine Bank</translation>
    </message>
    <message>
        <source>A bank</source>
        <translation>Eine Bank</translation>
    </message>
    <message>
        <source>Banks</source>
        <translation>Banken</translation>
    </message>
    <message>
        <source>Single bank</source>
        <translation>Bank</translation>
    </message>
    <message>
        <source>single banks</source>
        <translation>Banken</translation>
    </message>
    <message>
        <source>Shopping Center</source>
        <translation>Kaufhaus</translation>
    </message>
    <message>
        <source>shopping center</source>
        <translation>Kaufhaus</translation>
    </message>
    <message>
        <source>shopping centers</source>
        <translation>Kaufhäuser</translation>
    </message>
    <message>
        <source>a shopping center</source>
        <translation>ein Kaufhaus</translation>
    </message>
    <message>
        <source>A shopping center</source>
        <translation>Ein Kaufhaus</translation>
    </message>
    <message>
        <source>Shopping Centers</source>
        <translation>Kaufhäuser</translation>
    </message>
    <message>
        <source>Double shopping center</source>
        <translation>Kaufhaus</translation>
    </message>
    <message>
        <source>double shopping centers</source>
        <translation>Kaufhäuser</translation>
    </message>
    <message>
        <source>Park</source>
        <translation>Park</translation>
    </message>
    <message>
        <source>park</source>
        <translation>Park</translation>
    </message>
    <message>
        <source>parks</source>
        <translation>Parks</translation>
    </message>
    <message>
        <source>a park</source>
        <translation>ein Park</translation>
    </message>
    <message>
        <source>A park</source>
        <translation>Ein Park</translation>
    </message>
    <message>
        <source>Parks</source>
        <translation>Parks</translation>
    </message>
    <message>
        <source>small</source>
        <translation>klein</translation>
    </message>
    <message>
        <source>a small park</source>
        <translation>ein kleiner Park</translation>
    </message>
    <message>
        <source>A small park</source>
        <translation>Ein kleiner Park</translation>
    </message>
    <message>
        <source>small park</source>
        <translation>kleiner Park</translation>
    </message>
    <message>
        <source>Small park</source>
        <translation>Kleiner Park</translation>
    </message>
    <message>
        <source>small parks</source>
        <translation>kleine Parks</translation>
    </message>
    <message>
        <source>large</source>
        <translation>groß</translation>
    </message>
    <message>
        <source>a large park</source>
        <translation>ein großer Park</translation>
    </message>
    <message>
        <source>A large park</source>
        <translation>Ein großer Park</translation>
    </message>
    <message>
        <source>large park</source>
        <translation>großer Park</translation>
    </message>
    <message>
        <source>Large park</source>
        <translation>Großer Park</translation>
    </message>
    <message>
        <source>large parks</source>
        <translation>große Parks</translation>
    </message>
    <message>
        <source>Factory</source>
        <translation>Fabrik</translation>
    </message>
    <message>
        <source>factory</source>
        <translation>Fabrik</translation>
    </message>
    <message>
        <source>factorys</source>
        <translation>Fabriken</translation>
    </message>
    <message>
        <source>a factory</source>
        <translation>eine Fabrik</translation>
    </message>
    <message>
        <source>A factory</source>
        <translation>Eine Fabrik</translation>
    </message>
    <message>
        <source>Factorys</source>
        <translation>Fabriken</translation>
    </message>
    <message>
        <source>l</source>
        <translation>L</translation>
    </message>
    <message>
        <source>An L-shaped factory</source>
        <translation>Eine L-förmige Fabrik</translation>
    </message>
    <message>
        <source>an L-shaped factory</source>
        <translation>eine L-förmige Fabrik</translation>
    </message>
    <message>
        <source>L-shaped factory</source>
        <translation>L-förmige Fabrik</translation>
    </message>
    <message>
        <source>l factorys</source>
        <translation>L-förmige Fabriken</translation>
    </message>
    <message>
        <source>a large factory</source>
        <translation>eine große Fabrik</translation>
    </message>
    <message>
        <source>A large factory</source>
        <translation>Eine große Fabrik</translation>
    </message>
    <message>
        <source>large factory</source>
        <translation>große Fabrik</translation>
    </message>
    <message>
        <source>Large factory</source>
        <translation>Große Fabrik</translation>
    </message>
    <message>
        <source>large factorys</source>
        <translation>große Fabriken</translation>
    </message>
    <message>
        <source>special</source>
        <translation>Sonder</translation>
    </message>
    <message>
        <source>Big City: 20th Anniversary Jumbo Edition (2019)</source>
        <translation>Big City: Jubiläums-Jumbo-Ausgabe zum 20. (2019)</translation>
    </message>
</context>
<context>
    <name>RulesSummary</name>
    <message>
        <source>&lt;p&gt;Everything here is the rule book&apos;s, except the values marked {mark}: where the rule book (and the player-aid card, which it does not reproduce) says nothing, we chose what the printed game most plausibly does. The end of this page says why for each. If your box says otherwise, play it your way with house rules (see the end of this page).&lt;/p&gt;</source>
        <translation>&lt;p&gt;Alles hier stammt aus der Spielregel, außer den Werten mit der Markierung {mark}: Wo die Spielregel (und die Übersichtskarte, die sie nicht wiedergibt) nichts sagt, haben wir gewählt, was das gedruckte Spiel am wahrscheinlichsten vorsieht. Das Ende dieser Seite sagt zu jedem, warum. Steht in Ihrer Schachtel etwas anderes, spielen Sie es mit Hausregeln auf Ihre Weise (siehe das Ende dieser Seite).&lt;/p&gt;</translation>
    </message>
    <message>
        <source>House rules: the values marked {mark} differ from the bundled edition.</source>
        <translation>Hausregeln: Die mit {mark} markierten Werte weichen von der mitgelieferten Ausgabe ab.</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;House rules.&lt;/b&gt; To change a value, save a copy of this rules file (the button below), edit its numbers in any text editor, and open it in the sandbox (Rules → Open house rules…). This edition&apos;s file: &lt;code&gt;{file}&lt;/code&gt;.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Hausregeln.&lt;/b&gt; Um einen Wert zu ändern, speichern Sie eine Kopie dieser Regeldatei (der Knopf unten), ändern ihre Zahlen in einem beliebigen Texteditor und öffnen sie im Sandkasten (Regeln → Hausregeln öffnen…). Die Datei dieser Ausgabe: &lt;code&gt;{file}&lt;/code&gt;.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>SandboxModel</name>
    <message>
        <source>neighborhood {n}</source>
        <translation>Stadtteil {n}</translation>
    </message>
    <message>
        <source>the {building} on {props}</source>
        <translation>{building} auf {props}</translation>
    </message>
    <message>
        <source>a streetcar</source>
        <translation>eine Straßenbahn</translation>
    </message>
    <message>
        <source>streetcars can only be placed once City Hall stands</source>
        <translation>Straßenbahnen können erst gelegt werden, wenn das Rathaus steht</translation>
    </message>
    <message>
        <source>all streetcars are in the city</source>
        <translation>alle Straßenbahnen sind in der Stadt</translation>
    </message>
    <message>
        <source>no street can take a streetcar</source>
        <translation>keine Straße kann eine Straßenbahn aufnehmen</translation>
    </message>
    <message>
        <source>that piece is not in the city</source>
        <translation>dieses Teil ist nicht in der Stadt</translation>
    </message>
    <message>
        <source>neighborhood 1 is the heart of the city: use Clear table to start again</source>
        <translation>Stadtteil 1 ist das Herz der Stadt: Mit „Tisch leeren“ fangen Sie neu an</translation>
    </message>
    <message>
        <source>the table always holds neighborhood 1</source>
        <translation>auf dem Tisch liegt immer Stadtteil 1</translation>
    </message>
    <message>
        <source>remove the buildings on neighborhood {n} first</source>
        <translation>entfernen Sie zuerst die Gebäude auf Stadtteil {n}</translation>
    </message>
    <message>
        <source>remove the streetcars along neighborhood {n} first</source>
        <translation>entfernen Sie zuerst die Straßenbahnen entlang Stadtteil {n}</translation>
    </message>
    <message>
        <source>only a streetcar at an end of the line can be removed (the line must stay connected)</source>
        <translation>nur eine Straßenbahn am Ende der Linie kann entfernt werden (die Linie muss zusammenhängen)</translation>
    </message>
    <message>
        <source>without {piece} the rest of the city would not stand ({reason})</source>
        <translation>ohne {piece} hätte der Rest der Stadt keinen Bestand ({reason})</translation>
    </message>
</context>
<context>
    <name>SandboxWidgets</name>
    <message>
        <source>(placed)</source>
        <translation>(gelegt)</translation>
    </message>
    <message>
        <source>Neighborhood {n}, {name}: drag it onto the city, or click it and then click a highlighted spot. R or the wheel turns it.</source>
        <translation>Stadtteil {n}, {name}: Ziehen Sie ihn auf die Stadt oder klicken Sie ihn an und dann auf einen markierten Platz. R oder das Mausrad dreht ihn.</translation>
    </message>
    <message>
        <source>needs City Hall in the city</source>
        <translation>braucht das Rathaus in der Stadt</translation>
    </message>
    <message>
        <source>may be built at any time</source>
        <translation>darf jederzeit gebaut werden</translation>
    </message>
    <message>
        <source>{building}: 1 property, base {base}, {need}. {left} of {count} left. Drag it onto the city or click it.</source>
        <translation>{building}: 1 Grundstück, Basis {base}, {need}. {left} von {count} übrig. Ziehen Sie es auf die Stadt oder klicken Sie es an.</translation>
    </message>
    <message>
        <source>{building}: {size} properties, base {base}, {need}. {left} of {count} left. Drag it onto the city or click it.</source>
        <translation>{building}: {size} Grundstücke, Basis {base}, {need}. {left} von {count} übrig. Ziehen Sie es auf die Stadt oder klicken Sie es an.</translation>
    </message>
    <message>
        <source>{n} points</source>
        <translation>{n} Punkte</translation>
    </message>
</context>
<context>
    <name>SandboxWindow</name>
    <message>
        <source>&lt;h3&gt;The tile-layout sandbox&lt;/h3&gt;
&lt;p&gt;The sandbox is a table on which you build a Big City freely: no cards, no
turns, no opponents. Use it to try out neighborhood arrangements, to see what a
building would score in a given spot, or to prepare a start position.&lt;/p&gt;
&lt;ul&gt;
&lt;li&gt;&lt;b&gt;Neighborhoods&lt;/b&gt; wait in the tray on the left. Drag one onto the table
or click it: while you hold it, every spot where it may go for its current
turn is outlined in blue (a dot marks where its middle must go). Turn it with
&lt;b&gt;R&lt;/b&gt;, the mouse wheel or the tray&apos;s turn buttons. A neighborhood must touch
the city with at least two of its properties; when a drop is refused the status
bar says why.&lt;/li&gt;
&lt;li&gt;&lt;b&gt;Buildings&lt;/b&gt; are in the palette on the right, with how many are left.
Drag one onto the city or click it and move over the city. The covered
properties turn green or red; the bubble gives the reason, or the score with
every step of its calculation. &lt;b&gt;R&lt;/b&gt;/wheel turns the piece, &lt;b&gt;M&lt;/b&gt; mirrors the
L factory. Buildings that need City Hall may only be built once City Hall
stands in the layout.&lt;/li&gt;
&lt;li&gt;&lt;b&gt;Streetcars&lt;/b&gt;: press &lt;i&gt;Draw streetcar line&lt;/i&gt; (City Hall must stand),
then click the highlighted streets one after the other. Press Esc to stop.&lt;/li&gt;
&lt;li&gt;&lt;b&gt;Where is it worth most?&lt;/b&gt; Pick a building in the heat-map box: every
property where it could legally stand is coloured by the best score it could
get there.&lt;/li&gt;
&lt;li&gt;Click a piece to select it and press &lt;b&gt;Delete&lt;/b&gt; to remove it, or
right-click it. A piece that others depend on (a neighborhood under a building,
a streetcar in the middle of the line) is not removed: the status bar says what
to remove first. &lt;b&gt;Ctrl+Z&lt;/b&gt; / &lt;b&gt;Ctrl+Shift+Z&lt;/b&gt; undo and redo every step.&lt;/li&gt;
&lt;li&gt;The &lt;b&gt;Rules&lt;/b&gt; menu switches between the editions or opens a house-rules
file; the whole layout is rebuilt and rescored under the new rules (or the
switch is refused if the layout is impossible under them).&lt;/li&gt;
&lt;li&gt;&lt;b&gt;File&lt;/b&gt;: open and save layout files, export the picture (PNG or SVG), or
start a game from this arrangement of neighborhoods.&lt;/li&gt;
&lt;/ul&gt;
&lt;p&gt;Drag the table with the mouse (or the middle button) to move around; the
wheel zooms (Ctrl+wheel while you hold a piece).&lt;/p&gt;
</source>
        <translation>&lt;h3&gt;Der Stadtteil-Sandkasten&lt;/h3&gt;
&lt;p&gt;Der Sandkasten ist ein Tisch, auf dem Sie frei eine Big City bauen: keine Karten,
keine Züge, keine Gegner. Probieren Sie hier Anordnungen von Stadtteilen aus, sehen Sie,
was ein Gebäude an einer Stelle bringen würde, oder bereiten Sie eine Startaufstellung vor.&lt;/p&gt;
&lt;ul&gt;
&lt;li&gt;&lt;b&gt;Stadtteile&lt;/b&gt; warten links in der Ablage. Ziehen Sie einen auf den Tisch
oder klicken Sie ihn an: Solange Sie ihn halten, ist jeder Platz, an den er in seiner
aktuellen Drehung passt, blau umrandet (ein Punkt zeigt, wo seine Mitte hin muss). Drehen Sie ihn mit
&lt;b&gt;R&lt;/b&gt;, dem Mausrad oder den Dreh-Knöpfen der Ablage. Ein Stadtteil muss mit mindestens
zwei Grundstücken an die Stadt grenzen; wird ein Ablegen abgelehnt, sagt die Statusleiste
warum.&lt;/li&gt;
&lt;li&gt;&lt;b&gt;Gebäude&lt;/b&gt; liegen rechts in der Palette, mit der Zahl der übrigen Teile.
Ziehen Sie eines auf die Stadt oder klicken Sie es an und fahren Sie über die Stadt. Die
bedeckten Grundstücke werden grün oder rot; die Sprechblase nennt den Grund oder die Punkte mit
jedem Rechenschritt. &lt;b&gt;R&lt;/b&gt;/Mausrad dreht das Teil, &lt;b&gt;M&lt;/b&gt; spiegelt die
L-Fabrik. Gebäude, die das Rathaus brauchen, können erst gebaut werden, wenn das Rathaus
in der Anordnung steht.&lt;/li&gt;
&lt;li&gt;&lt;b&gt;Straßenbahnen&lt;/b&gt;: Drücken Sie &lt;i&gt;Straßenbahnlinie zeichnen&lt;/i&gt; (das Rathaus muss stehen)
und klicken Sie dann nacheinander auf die markierten Straßen. Esc hört auf.&lt;/li&gt;
&lt;li&gt;&lt;b&gt;Wo bringt es am meisten?&lt;/b&gt; Wählen Sie ein Gebäude im Wärmekarten-Feld: Jedes
Grundstück, auf dem es erlaubt stehen könnte, wird nach der besten dort möglichen Punktzahl
eingefärbt.&lt;/li&gt;
&lt;li&gt;Klicken Sie ein Teil an, um es auszuwählen, und drücken Sie &lt;b&gt;Entf&lt;/b&gt;, um es zu entfernen, oder
klicken Sie es mit rechts an. Ein Teil, von dem andere abhängen (ein Stadtteil unter einem Gebäude,
eine Straßenbahn mitten in der Linie), wird nicht entfernt: Die Statusleiste sagt, was
zuerst weg muss. &lt;b&gt;Strg+Z&lt;/b&gt; / &lt;b&gt;Strg+Umschalt+Z&lt;/b&gt; machen jeden Schritt rückgängig und wieder her.&lt;/li&gt;
&lt;li&gt;Das Menü &lt;b&gt;Regeln&lt;/b&gt; wechselt zwischen den Ausgaben oder öffnet eine Hausregel-Datei;
die ganze Anordnung wird unter den neuen Regeln neu aufgebaut und bewertet (oder der
Wechsel wird abgelehnt, wenn die Anordnung darunter unmöglich ist).&lt;/li&gt;
&lt;li&gt;&lt;b&gt;Datei&lt;/b&gt;: Anordnungen öffnen und speichern, das Bild exportieren (PNG oder SVG) oder
ein Spiel mit dieser Anordnung der Stadtteile beginnen.&lt;/li&gt;
&lt;/ul&gt;
&lt;p&gt;Ziehen Sie den Tisch mit der Maus (oder der mittleren Taste), um sich zu bewegen; das
Mausrad zoomt (Strg+Mausrad, solange Sie ein Teil halten).&lt;/p&gt;
</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;View &amp;rarr; City view&lt;/b&gt; (&lt;b&gt;F3&lt;/b&gt;, or the &lt;i&gt;City&lt;/i&gt; button in the
board&apos;s corner) shows the layout as a model city; &lt;b&gt;,&lt;/b&gt; and &lt;b&gt;.&lt;/b&gt; (or
&amp;#8634; &amp;#8635;) turn the camera. Everything above works there too, and
&lt;i&gt;Export image&lt;/i&gt; then draws the model city.&lt;/p&gt;
</source>
        <translation>&lt;p&gt;&lt;b&gt;Ansicht &amp;rarr; Stadtansicht&lt;/b&gt; (&lt;b&gt;F3&lt;/b&gt; oder die Schaltfläche &lt;i&gt;Stadt&lt;/i&gt; in der
Ecke des Spielplans) zeigt die Auslage als Modellstadt; &lt;b&gt;,&lt;/b&gt; und &lt;b&gt;.&lt;/b&gt; (oder
&amp;#8634; &amp;#8635;) drehen die Kamera. Alles oben Beschriebene funktioniert dort ebenso, und
&lt;i&gt;Bild exportieren&lt;/i&gt; zeichnet dann die Modellstadt.&lt;/p&gt;
</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Without a mouse&lt;/b&gt;: &lt;b&gt;T&lt;/b&gt; goes to the neighborhoods and &lt;b&gt;B&lt;/b&gt;
to the buildings (arrow keys choose, Enter picks the piece up), &lt;b&gt;S&lt;/b&gt; draws
the streetcar line. The arrow keys move the board cursor, &lt;b&gt;N&lt;/b&gt; /
&lt;b&gt;Shift+N&lt;/b&gt; jump to the next / previous legal spot (buildings: best score
first), Enter or Space places the piece. With no piece in hand, Enter selects
the piece under the cursor and &lt;b&gt;Delete&lt;/b&gt; removes it. &lt;b&gt;F6&lt;/b&gt; moves
between the table and the docks; &lt;i&gt;Help &amp;rarr; Keyboard&lt;/i&gt; lists every
key.&lt;/p&gt;
</source>
        <translation>&lt;p&gt;&lt;b&gt;Ohne Maus&lt;/b&gt;: &lt;b&gt;T&lt;/b&gt; führt zu den Stadtteilen und &lt;b&gt;B&lt;/b&gt;
zu den Gebäuden (die Pfeiltasten wählen, Eingabe nimmt das Teil auf), &lt;b&gt;S&lt;/b&gt; zeichnet
die Straßenbahnlinie. Die Pfeiltasten bewegen den Spielfeld-Cursor, &lt;b&gt;N&lt;/b&gt; /
&lt;b&gt;Umschalt+N&lt;/b&gt; springen zum nächsten / vorherigen erlaubten Platz (bei Gebäuden die
beste Punktzahl zuerst), Eingabe oder Leertaste legt das Teil ab. Ohne Teil in der Hand
wählt Eingabe das Teil unter dem Cursor aus, und &lt;b&gt;Entf&lt;/b&gt; entfernt es. &lt;b&gt;F6&lt;/b&gt;
wechselt zwischen dem Tisch und den Leisten; &lt;i&gt;Hilfe &amp;rarr; Tastatur&lt;/i&gt; zeigt alle
Tasten.&lt;/p&gt;
</translation>
    </message>
    <message>
        <source>Drag a neighborhood from the tray or a building from the palette onto the city.</source>
        <extracomment>the menus and the actions the window changes (made by sandbox/menus.py) the docks and their widgets (made by sandbox/docks.py) the file and rules commands: open, save, export, keep, switch rules (sandbox/files.py)</extracomment>
        <translation>Ziehen Sie einen Stadtteil aus der Ablage oder ein Gebäude aus der Palette auf die Stadt.</translation>
    </message>
    <message>
        <source>⟲ Turn left</source>
        <translation>⟲ Links drehen</translation>
    </message>
    <message>
        <source>Turn right ⟳</source>
        <translation>Rechts drehen ⟳</translation>
    </message>
    <message>
        <source>Neighborhoods</source>
        <translation>Stadtteile</translation>
    </message>
    <message>
        <source>Draw streetcar line</source>
        <translation>Straßenbahnlinie zeichnen</translation>
    </message>
    <message>
        <source>outskirts</source>
        <translation>Stadtrand</translation>
    </message>
    <message>
        <source>city centre</source>
        <translation>Innenstadt</translation>
    </message>
    <message>
        <source>streetcar</source>
        <translation>Straßenbahn</translation>
    </message>
    <message>
        <source>Lots touching the open table are outskirts; the others (and lots around an enclosed empty cell) are city centre.</source>
        <translation>Grundstücke, die an den freien Tisch grenzen, sind Stadtrand; die übrigen (und Grundstücke um ein umschlossenes leeres Feld) sind Innenstadt.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Where is it worth most?&lt;/b&gt;</source>
        <translation>&lt;b&gt;Wo bringt es am meisten?&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Buildings</source>
        <translation>Gebäude</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Open layout…</source>
        <translation>Anordnung ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>&amp;Save layout</source>
        <translation>Anordnung &amp;speichern</translation>
    </message>
    <message>
        <source>Save layout &amp;as…</source>
        <translation>Anordnung speichern &amp;unter…</translation>
    </message>
    <message>
        <source>&amp;Export image…</source>
        <translation>Bild &amp;exportieren…</translation>
    </message>
    <message>
        <source>Save as &amp;puzzle…</source>
        <translation>Als &amp;Rätsel speichern…</translation>
    </message>
    <message>
        <source>&amp;Play from this layout</source>
        <translation>Mit dieser Anordnung s&amp;pielen</translation>
    </message>
    <message>
        <source>&amp;Close sandbox</source>
        <translation>Sandkasten s&amp;chließen</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <source>&amp;Clear table</source>
        <translation>Tisch &amp;leeren</translation>
    </message>
    <message>
        <source>Cancel current tool</source>
        <translation>Aktuelles Werkzeug abbrechen</translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <source>&amp;Rules</source>
        <translation>&amp;Regeln</translation>
    </message>
    <message>
        <source>Original edition (1999)</source>
        <translation>Originalausgabe (1999)</translation>
    </message>
    <message>
        <source>Jumbo edition (2019)</source>
        <translation>Jumbo-Ausgabe (2019)</translation>
    </message>
    <message>
        <source>Open &amp;house rules…</source>
        <translation>&amp;Hausregeln öffnen…</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>Zoom &amp;in</source>
        <translation>Ver&amp;größern</translation>
    </message>
    <message>
        <source>Zoom &amp;out</source>
        <translation>Ver&amp;kleinern</translation>
    </message>
    <message>
        <source>&amp;Fit the city</source>
        <translation>Stadt &amp;einpassen</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;Sandbox help</source>
        <translation>&amp;Sandkasten-Hilfe</translation>
    </message>
    <message>
        <source>Puzzle saved to {file}: the best answer reaches {best}.</source>
        <translation>Rätsel in {file} gespeichert: Die beste Lösung erreicht {best}.</translation>
    </message>
    <message>
        <source>untitled layout</source>
        <translation>unbenannte Anordnung</translation>
    </message>
    <message>
        <source>Big City sandbox — {name}{dirty} ({edition})</source>
        <translation>Big-City-Sandkasten – {name}{dirty} ({edition})</translation>
    </message>
    <message>
        <source>{left} of {count} streetcars left; the line is a tree (branches allowed).</source>
        <translation>{left} von {count} Straßenbahnen übrig; die Linie ist ein Baum (Verzweigungen erlaubt).</translation>
    </message>
    <message>
        <source>{left} of {count} streetcars left; the line is a path (no branches).</source>
        <translation>{left} von {count} Straßenbahnen übrig; die Linie ist ein Pfad (keine Verzweigungen).</translation>
    </message>
    <message>
        <source>Neighborhood {n} is already in the city.</source>
        <translation>Stadtteil {n} liegt schon in der Stadt.</translation>
    </message>
    <message>
        <source>Place neighborhood {n}</source>
        <translation>Stadtteil {n} legen</translation>
    </message>
    <message>
        <source>Build: {building}</source>
        <translation>Bauen: {building}</translation>
    </message>
    <message>
        <source>{building} on {props}: 1 point.</source>
        <translation>{building} auf {props}: 1 Punkt.</translation>
    </message>
    <message>
        <source>{building} on {props}: {score} points.</source>
        <translation>{building} auf {props}: {score} Punkte.</translation>
    </message>
    <message>
        <source>Lay a streetcar</source>
        <translation>Straßenbahn legen</translation>
    </message>
    <message>
        <source>Selected {piece} (Delete removes it).</source>
        <translation>{piece} ausgewählt (Entf entfernt es).</translation>
    </message>
    <message>
        <source>Cannot remove it: {reason}.</source>
        <translation>Kann nicht entfernt werden: {reason}.</translation>
    </message>
    <message>
        <source>Remove {piece}</source>
        <translation>{piece} entfernen</translation>
    </message>
    <message>
        <source>Removed {piece}.</source>
        <translation>{piece} entfernt.</translation>
    </message>
    <message>
        <source>&amp;Remove piece</source>
        <translation>Teil ent&amp;fernen</translation>
    </message>
    <message>
        <source>&amp;New layout</source>
        <translation>&amp;Neue Anordnung</translation>
    </message>
    <message>
        <source>Remove the piece under the board cursor, or else the selected piece</source>
        <translation>Das Teil unter dem Spielfeld-Cursor entfernen, sonst das ausgewählte Teil</translation>
    </message>
    <message>
        <source>&amp;Pieces</source>
        <translation>&amp;Teile</translation>
    </message>
    <message>
        <source>Choose a &amp;neighborhood…</source>
        <translation>&amp;Stadtteil wählen…</translation>
    </message>
    <message>
        <source>Choose a &amp;building…</source>
        <translation>&amp;Gebäude wählen…</translation>
    </message>
    <message>
        <source>Draw &amp;streetcar line</source>
        <translation>Straßen&amp;bahnlinie zeichnen</translation>
    </message>
    <message>
        <source>&amp;Rotate piece</source>
        <translation>Teil &amp;drehen</translation>
    </message>
    <message>
        <source>Rotate the other way</source>
        <translation>In die andere Richtung drehen</translation>
    </message>
    <message>
        <source>&amp;Mirror piece</source>
        <translation>Teil s&amp;piegeln</translation>
    </message>
    <message>
        <source>Ne&amp;xt legal spot</source>
        <translation>&amp;Nächster erlaubter Platz</translation>
    </message>
    <message>
        <source>Previous legal spot</source>
        <translation>Vorheriger erlaubter Platz</translation>
    </message>
    <message>
        <source>Next &amp;pane</source>
        <translation>Nächster Be&amp;reich</translation>
    </message>
    <message>
        <source>Previous pane</source>
        <translation>Vorheriger Bereich</translation>
    </message>
    <message>
        <source>&amp;Keyboard</source>
        <translation>&amp;Tastatur</translation>
    </message>
    <message>
        <source>Sandbox table</source>
        <translation>Tisch des Sandkastens</translation>
    </message>
    <message>
        <source>The arrow keys move the board cursor; Enter places the piece in hand or selects the piece there.</source>
        <translation>Die Pfeiltasten bewegen den Spielfeld-Cursor; Eingabe legt das Teil in der Hand ab oder wählt das Teil dort aus.</translation>
    </message>
    <message>
        <source>Neighborhoods to place</source>
        <translation>Stadtteile zum Legen</translation>
    </message>
    <message>
        <source>Turn the neighborhoods left</source>
        <translation>Die Stadtteile nach links drehen</translation>
    </message>
    <message>
        <source>Turn the neighborhoods right</source>
        <translation>Die Stadtteile nach rechts drehen</translation>
    </message>
    <message>
        <source>Buildings to place</source>
        <translation>Gebäude zum Bauen</translation>
    </message>
    <message>
        <source>Streetcars left</source>
        <translation>Übrige Straßenbahnen</translation>
    </message>
    <message>
        <source>Building for the heat map</source>
        <translation>Gebäude für die Wärmekarte</translation>
    </message>
    <message>
        <source>Heat map legend</source>
        <translation>Legende der Wärmekarte</translation>
    </message>
    <message>
        <source>The whole sandbox works with the keyboard. Pick up a neighborhood (T), a building (B) or draw the streetcar line (S), move the piece with the arrow keys or jump to a legal spot with N, and press Enter to place it. With no piece in hand, Enter selects the piece under the cursor and Delete removes it. F6 moves between the table and the docks.</source>
        <translation>Der ganze Sandkasten lässt sich mit der Tastatur bedienen. Nehmen Sie einen Stadtteil (T) oder ein Gebäude (B) auf oder zeichnen Sie die Straßenbahnlinie (S), bewegen Sie das Teil mit den Pfeiltasten oder springen Sie mit N zu einem erlaubten Platz, und drücken Sie Eingabe, um es abzulegen. Ohne Teil in der Hand wählt Eingabe das Teil unter dem Cursor aus, und Entf entfernt es. F6 wechselt zwischen dem Tisch und den Leisten.</translation>
    </message>
    <message>
        <source>Keys of the sandbox</source>
        <translation>Tasten des Sandkastens</translation>
    </message>
    <message>
        <source>Every building is in the city.</source>
        <translation>Alle Gebäude stehen in der Stadt.</translation>
    </message>
    <message>
        <source>Buildings: Up and Down choose a piece, Enter picks it up.</source>
        <translation>Gebäude: Auf und Ab wählen ein Teil, Eingabe nimmt es auf.</translation>
    </message>
    <message>
        <source>Every neighborhood is in the city.</source>
        <translation>Alle Stadtteile liegen in der Stadt.</translation>
    </message>
    <message>
        <source>Neighborhoods: the arrow keys choose one, Enter picks it up (R turns them all).</source>
        <translation>Stadtteile: Die Pfeiltasten wählen einen, Eingabe nimmt ihn auf (R dreht alle).</translation>
    </message>
    <message>
        <source>N moves the piece you hold to the next legal spot: pick one up first (T, B or S).</source>
        <translation>N versetzt das Teil in Ihrer Hand auf den nächsten erlaubten Platz: Nehmen Sie zuerst eines auf (T, B oder S).</translation>
    </message>
    <message>
        <source>Neighborhood {n}: click a blue spot, or press N and Enter (R or the wheel turns it, Esc cancels).</source>
        <translation>Stadtteil {n}: Klicken Sie auf einen blauen Platz oder drücken Sie N und Eingabe (R oder das Mausrad dreht, Esc bricht ab).</translation>
    </message>
    <message>
        <source>as printed</source>
        <translation>wie gedruckt</translation>
    </message>
    <message>
        <source>turned a quarter to the right</source>
        <translation>eine Vierteldrehung nach rechts gedreht</translation>
    </message>
    <message>
        <source>turned half round</source>
        <translation>halb herumgedreht</translation>
    </message>
    <message>
        <source>turned a quarter to the left</source>
        <translation>eine Vierteldrehung nach links gedreht</translation>
    </message>
    <message>
        <source>Neighborhood {n} ({name}) laid in the city, {turned}.</source>
        <translation>Stadtteil {n} ({name}) in die Stadt gelegt, {turned}.</translation>
    </message>
    <message>
        <source>{building}: click a green spot, or press N (best spots first) and Enter; R turns, M mirrors, Esc cancels.</source>
        <translation>{building}: Klicken Sie auf einen grünen Platz oder drücken Sie N (die besten Plätze zuerst) und Eingabe; R dreht, M spiegelt, Esc bricht ab.</translation>
    </message>
    <message>
        <source>{building}: no legal spot now; move it over the city to see why (Esc cancels).</source>
        <translation>{building}: zurzeit kein erlaubter Platz; bewegen Sie es über die Stadt, um den Grund zu sehen (Esc bricht ab).</translation>
    </message>
    <message>
        <source>Click a highlighted street, or press N and Enter, to lay the next streetcar (Esc stops).</source>
        <translation>Klicken Sie auf eine markierte Straße oder drücken Sie N und Eingabe, um die nächste Straßenbahn zu legen (Esc hört auf).</translation>
    </message>
    <message>
        <source>Streetcar laid. N and Enter lay the next one (Esc stops).</source>
        <translation>Straßenbahn gelegt. N und Eingabe legen die nächste (Esc hört auf).</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <source>Select a piece first (click it, or move the board cursor onto it).</source>
        <translation>Wählen Sie zuerst ein Teil aus (anklicken oder den Spielfeld-Cursor darauf bewegen).</translation>
    </message>
    <message>
        <source>Clear the table</source>
        <translation>Tisch leeren</translation>
    </message>
    <message>
        <source>Table cleared: only neighborhood 1 is left.</source>
        <translation>Tisch geleert: Nur Stadtteil 1 ist übrig.</translation>
    </message>
    <message>
        <source>(off)</source>
        <translation>(aus)</translation>
    </message>
    <message>
        <source>Pick a building to colour every spot where it could stand by its best score.</source>
        <translation>Wählen Sie ein Gebäude, um jeden möglichen Platz nach seiner besten Punktzahl einzufärben.</translation>
    </message>
    <message>
        <source>{building}: no legal spot.</source>
        <translation>{building}: kein erlaubter Platz.</translation>
    </message>
    <message>
        <source>{building}: no legal spot (none left in the supply).</source>
        <translation>{building}: kein erlaubter Platz (keines mehr im Vorrat).</translation>
    </message>
    <message>
        <source>{building}: no legal spot (City Hall must stand first).</source>
        <translation>{building}: kein erlaubter Platz (zuerst muss das Rathaus stehen).</translation>
    </message>
    <message>
        <source>{building}: best {score} points on {props}; 1 property could take one.</source>
        <translation>{building}: höchstens {score} Punkte auf {props}; 1 Grundstück käme in Frage.</translation>
    </message>
    <message>
        <source>{building}: best {score} points on {props}; {n} properties could take one.</source>
        <translation>{building}: höchstens {score} Punkte auf {props}; {n} Grundstücke kämen in Frage.</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Regeln</translation>
    </message>
    <message>
        <source>Cannot use these rules:
{reason}

Nothing was changed.</source>
        <translation>Diese Regeln sind nicht verwendbar:
{reason}

Es wurde nichts verändert.</translation>
    </message>
    <message>
        <source>This layout is impossible under {edition}: {reason}.</source>
        <translation>Diese Anordnung ist unter {edition} unmöglich: {reason}.</translation>
    </message>
    <message>
        <source>This layout is impossible under {edition}:
{reason}</source>
        <translation>Diese Anordnung ist unter {edition} unmöglich:
{reason}</translation>
    </message>
    <message>
        <source>Switch to {edition}</source>
        <translation>Zu {edition} wechseln</translation>
    </message>
    <message>
        <source>Now playing by {edition}; every building was rescored.</source>
        <translation>Jetzt gelten die Regeln von {edition}; alle Gebäude wurden neu bewertet.</translation>
    </message>
    <message>
        <source>Open house rules</source>
        <translation>Hausregeln öffnen</translation>
    </message>
    <message>
        <source>Rules files (*.toml);;All files (*)</source>
        <translation>Regeldateien (*.toml);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Opened {file}.</source>
        <translation>{file} geöffnet.</translation>
    </message>
    <message>
        <source>Cannot open {file}: {reason}</source>
        <translation>{file} kann nicht geöffnet werden: {reason}</translation>
    </message>
    <message>
        <source>Open layout</source>
        <translation>Anordnung öffnen</translation>
    </message>
    <message>
        <source>Cannot open {file}:
{reason}

Nothing was changed.</source>
        <translation>{file} kann nicht geöffnet werden:
{reason}

Es wurde nichts verändert.</translation>
    </message>
    <message>
        <source>A new layout: only neighborhood 1 is on the table.</source>
        <translation>Eine neue Anordnung: Nur Stadtteil 1 liegt auf dem Tisch.</translation>
    </message>
    <message>
        <source>The layout cannot be kept for a crash: {reason}</source>
        <translation>Die Anordnung kann nicht für einen Absturz aufbewahrt werden: {reason}</translation>
    </message>
    <message>
        <source>Restore the kept layout</source>
        <translation>Die aufbewahrte Anordnung wiederherstellen</translation>
    </message>
    <message>
        <source>The layout was restored; it is not saved yet.</source>
        <translation>Die Anordnung wurde wiederhergestellt; sie ist noch nicht gespeichert.</translation>
    </message>
    <message>
        <source>A kept layout cannot be read ({reason}): it is kept aside as {file} in {folder}.</source>
        <translation>Eine aufbewahrte Anordnung kann nicht gelesen werden ({reason}): Sie wurde als {file} in {folder} beiseitegelegt.</translation>
    </message>
    <message>
        <source>Big City layouts (*.json);;All files (*)</source>
        <translation>Big-City-Anordnungen (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Save layout</source>
        <translation>Anordnung speichern</translation>
    </message>
    <message>
        <source>Cannot save {file}:
{reason}</source>
        <translation>{file} kann nicht gespeichert werden:
{reason}</translation>
    </message>
    <message>
        <source>Saved {file}.</source>
        <translation>{file} gespeichert.</translation>
    </message>
    <message>
        <source>Big City layouts (*.json)</source>
        <translation>Big-City-Anordnungen (*.json)</translation>
    </message>
    <message>
        <source>Export image</source>
        <translation>Bild exportieren</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG-Bild (*.png);;SVG-Zeichnung (*.svg)</translation>
    </message>
    <message>
        <source>Cannot export:
{reason}</source>
        <translation>Export nicht möglich:
{reason}</translation>
    </message>
    <message>
        <source>Exported {file} ({w}×{h}).</source>
        <translation>{file} exportiert ({w}×{h}).</translation>
    </message>
    <message>
        <source>Asked for a new game starting from these {n} neighborhoods.</source>
        <translation>Neues Spiel mit diesen {n} Stadtteilen angefordert.</translation>
    </message>
    <message>
        <source>Sandbox help</source>
        <translation>Sandkasten-Hilfe</translation>
    </message>
    <message>
        <source>Unsaved layout</source>
        <translation>Nicht gespeicherte Anordnung</translation>
    </message>
    <message>
        <source>The layout “{name}” has changes that are not saved.</source>
        <translation>Die Anordnung „{name}“ hat Änderungen, die nicht gespeichert sind.</translation>
    </message>
    <message>
        <source>Do you want to save them?</source>
        <translation>Möchten Sie sie speichern?</translation>
    </message>
    <message>
        <source>Restore a layout</source>
        <translation>Eine Anordnung wiederherstellen</translation>
    </message>
    <message>
        <source>A sandbox closed on {when} before its layout “{name}” was saved. Restore that layout?</source>
        <translation>Ein Sandkasten wurde am {when} geschlossen, bevor seine Anordnung „{name}“ gespeichert war. Diese Anordnung wiederherstellen?</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>Wiederherstellen</translation>
    </message>
    <message>
        <source>Discard it</source>
        <translation>Verwerfen</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>Jetzt nicht</translation>
    </message>
</context>
<context>
    <name>SavePuzzle</name>
    <message>
        <source>Score points this turn</source>
        <extracomment>puzzles from a sandbox are for two players</extracomment>
        <translation>Punkte in diesem Zug erzielen</translation>
    </message>
    <message>
        <source>Score points within some turns</source>
        <translation>Punkte in einigen Zügen erzielen</translation>
    </message>
    <message>
        <source>Build a building within some turns</source>
        <translation>Ein Gebäude in einigen Zügen bauen</translation>
    </message>
    <message>
        <source>Lead after some turns</source>
        <translation>Nach einigen Zügen führen</translation>
    </message>
    <message>
        <source>End the game in the lead</source>
        <translation>Das Spiel in Führung beenden</translation>
    </message>
    <message>
        <source>Save as puzzle</source>
        <translation>Als Rätsel speichern</translation>
    </message>
    <message>
        <source>Turn this city into a puzzle: you are to move with the cards chosen here, the other player holds none and answers the same way every time, and every other card is out of the game.</source>
        <translation>Machen Sie aus dieser Stadt ein Rätsel: Sie sind mit den hier gewählten Karten am Zug, der andere Spieler hat keine und antwortet jedes Mal gleich, und alle übrigen Karten sind aus dem Spiel.</translation>
    </message>
    <message>
        <source>&amp;Goal:</source>
        <translation>&amp;Ziel:</translation>
    </message>
    <message>
        <source>At least (&amp;points):</source>
        <translation>Mindestens (&amp;Punkte):</translation>
    </message>
    <message>
        <source>Within (&amp;turns):</source>
        <translation>Innerhalb von (&amp;Zügen):</translation>
    </message>
    <message>
        <source>&amp;Building:</source>
        <translation>&amp;Gebäude:</translation>
    </message>
    <message>
        <source>Lead by at &amp;least:</source>
        <translation>Vorsprung &amp;mindestens:</translation>
    </message>
    <message>
        <source>passes</source>
        <translation>passt</translation>
    </message>
    <message>
        <source>builds the best-scoring building it can</source>
        <translation>baut das Gebäude, das ihm die meisten Punkte bringt</translation>
    </message>
    <message>
        <source>The other player:</source>
        <translation>Der andere Spieler:</translation>
    </message>
    <message>
        <source>&amp;Difficulty (1–5):</source>
        <translation>&amp;Schwierigkeit (1–5):</translation>
    </message>
    <message>
        <source>T&amp;itle:</source>
        <translation>T&amp;itel:</translation>
    </message>
    <message>
        <source>D&amp;escription:</source>
        <translation>B&amp;eschreibung:</translation>
    </message>
    <message>
        <source>Your cards</source>
        <translation>Ihre Karten</translation>
    </message>
    <message>
        <source>&amp;Save puzzle…</source>
        <translation>Rätsel &amp;speichern…</translation>
    </message>
    <message>
        <source>{card} ({piece})</source>
        <translation>{card} ({piece})</translation>
    </message>
    <message>
        <source>Your &amp;cards: {n} chosen (at most {most})</source>
        <translation>Ihre &amp;Karten: {n} gewählt (höchstens {most})</translation>
    </message>
    <message>
        <source>Choose at least one card for your hand.</source>
        <translation>Wählen Sie mindestens eine Karte für Ihre Hand.</translation>
    </message>
    <message>
        <source>A hand holds at most {most} cards; {n} are chosen.</source>
        <translation>Eine Hand hat höchstens {most} Karten; gewählt sind {n}.</translation>
    </message>
    <message>
        <source>Give the puzzle a title.</source>
        <translation>Geben Sie dem Rätsel einen Titel.</translation>
    </message>
    <message>
        <source>A puzzle is for one of the editions, not for house rules.</source>
        <translation>Ein Rätsel gilt für eine der Ausgaben, nicht für Hausregeln.</translation>
    </message>
    <message>
        <source>Save puzzle</source>
        <translation>Rätsel speichern</translation>
    </message>
    <message>
        <source>Big City puzzles (*.json)</source>
        <translation>Big-City-Rätsel (*.json)</translation>
    </message>
    <message>
        <source>Looking for the best answer…</source>
        <translation>Die beste Lösung wird gesucht…</translation>
    </message>
    <message>
        <source>Cannot save {file}: {reason}</source>
        <translation>{file} lässt sich nicht speichern: {reason}</translation>
    </message>
    <message>
        <source>Saved. The best answer reaches {best}.</source>
        <translation>Gespeichert. Die beste Lösung erreicht {best}.</translation>
    </message>
    <message>
        <source>no line of play reaches this goal; ask for less, allow more turns or choose other cards</source>
        <translation>kein Spielverlauf erreicht dieses Ziel; verlangen Sie weniger, erlauben Sie mehr Züge oder wählen Sie andere Karten</translation>
    </message>
    <message>
        <source>This puzzle cannot be saved: {reason}</source>
        <translation>Dieses Rätsel lässt sich nicht speichern: {reason}</translation>
    </message>
</context>
<context>
    <name>Saves</name>
    <message>
        <source>{folder} is a file, not a folder: move it away so that games can be kept there.</source>
        <extracomment>the most of a lock file read to find its process id (Qt writes a few lines)</extracomment>
        <translation>{folder} ist eine Datei, kein Ordner: Verschieben Sie sie, damit dort Spiele aufbewahrt werden können.</translation>
    </message>
    <message>
        <source>The folder {folder} cannot be made: {reason}.</source>
        <translation>Der Ordner {folder} kann nicht angelegt werden: {reason}.</translation>
    </message>
    <message>
        <source>The folder {folder} cannot be written (its permissions do not allow it).</source>
        <translation>In den Ordner {folder} kann nicht geschrieben werden (seine Rechte erlauben es nicht).</translation>
    </message>
    <message>
        <source>another window is playing this game</source>
        <extracomment>the largest summary file read (the city of a jumbo game is a few kB) the slots this process holds (a second QLockFile of one process would see its own lock as taken) where a damaged record is kept aside, in the folder of the saved games the damaged games this process has set aside, by folder and id: listed in Continue until the player dismisses them (the files stay in games/damaged) why it cannot be continued, when its record is damaged and has no summary (the record is then kept aside at `path`, in games/damaged) why the last acquire() failed, when the folder is the cause (else another window holds it)</extracomment>
        <translation>ein anderes Fenster spielt dieses Spiel</translation>
    </message>
</context>
<context>
    <name>SceneText</name>
    <message>
        <source>next to a park</source>
        <translation>neben einem Park</translation>
    </message>
    <message>
        <source>next to a factory</source>
        <translation>neben einer Fabrik</translation>
    </message>
    <message>
        <source>in the outskirts</source>
        <translation>am Stadtrand</translation>
    </message>
    <message>
        <source>entirely in the city centre</source>
        <translation>ganz in der Innenstadt</translation>
    </message>
    <message>
        <source>next to the streetcar</source>
        <translation>an der Straßenbahn</translation>
    </message>
    <message>
        <source>next to City Hall</source>
        <translation>neben dem Rathaus</translation>
    </message>
    <message>
        <source>adjacent special building</source>
        <translation>angrenzendes Sondergebäude</translation>
    </message>
    <message>
        <source>adjacent residence</source>
        <translation>angrenzendes Wohnhaus</translation>
    </message>
    <message>
        <source>adjacent business</source>
        <translation>angrenzendes Geschäftshaus</translation>
    </message>
    <message>
        <source> and </source>
        <translation> und </translation>
    </message>
    <message>
        <source>base {points}</source>
        <translation>Basis {points}</translation>
    </message>
    <message>
        <source>{sign}{points} for {count} × {why}</source>
        <translation>{sign}{points} für {count} × {why}</translation>
    </message>
    <message>
        <source>×1 (no multiplier applies)</source>
        <translation>×1 (kein Faktor)</translation>
    </message>
    <message>
        <source>{building}: not on the city</source>
        <translation>{building}: nicht in der Stadt</translation>
    </message>
    <message>
        <source>not legal here</source>
        <translation>hier nicht erlaubt</translation>
    </message>
    <message>
        <source>{building} on {props}: not allowed — {reason}</source>
        <translation>{building} auf {props}: nicht erlaubt – {reason}</translation>
    </message>
    <message>
        <source>{building} on {props}: 1 point</source>
        <translation>{building} auf {props}: 1 Punkt</translation>
    </message>
    <message>
        <source>{building} on {props}: {score} points</source>
        <translation>{building} auf {props}: {score} Punkte</translation>
    </message>
</context>
<context>
    <name>ScoreChart</name>
    <message>
        <source>round</source>
        <translation>Runde</translation>
    </message>
    <message>
        <source>score</source>
        <translation>Punkte</translation>
    </message>
    <message>
        <source>Score history</source>
        <translation>Punkteverlauf</translation>
    </message>
    <message>
        <source>The score chart cannot be shown: its library did not load ({reason}).</source>
        <extracomment>the most points a line of the chart draws (a very long game is thinned out) a history longer than that is drawn this long after the game appears</extracomment>
        <translation>Der Punkteverlauf kann nicht gezeigt werden: seine Bibliothek ließ sich nicht laden ({reason}).</translation>
    </message>
</context>
<context>
    <name>ScreenFit</name>
    <message>
        <source>&amp;Full screen</source>
        <translation>&amp;Vollbild</translation>
    </message>
</context>
<context>
    <name>ScriptedSession</name>
    <message>
        <source>wait a moment: {name} is playing</source>
        <translation>einen Moment: {name} ist am Zug</translation>
    </message>
    <message>
        <source>wait a moment: the moves are being shown</source>
        <translation>einen Moment: Die Züge werden gezeigt</translation>
    </message>
    <message>
        <source>read the note, then press Next (Alt+N)</source>
        <translation>lesen Sie den Hinweis und drücken Sie dann „Weiter“ (Alt+N)</translation>
    </message>
    <message>
        <source>a lesson takes no move back: Back (Alt+B) goes to the step before</source>
        <translation>in einer Lektion wird kein Zug zurückgenommen: „Zurück“ (Alt+B) geht zum vorigen Schritt</translation>
    </message>
    <message>
        <source>the tutorial is finished</source>
        <translation>die Einführung ist abgeschlossen</translation>
    </message>
    <message>
        <source>This step waits for your move.</source>
        <translation>Dieser Schritt wartet auf Ihren Zug.</translation>
    </message>
    <message>
        <source>Your cards allow no such move now.</source>
        <translation>Ihre Karten erlauben jetzt keinen solchen Zug.</translation>
    </message>
    <message>
        <source>this is the first step</source>
        <translation>dies ist der erste Schritt</translation>
    </message>
    <message>
        <source>the answer is being shown: press Restart to try it yourself</source>
        <translation>die Lösung wird gezeigt: Drücken Sie „Neu beginnen“, um es selbst zu versuchen</translation>
    </message>
    <message>
        <source>the puzzle is over: press Restart to try again</source>
        <translation>das Rätsel ist vorbei: Drücken Sie „Neu beginnen“ für einen neuen Versuch</translation>
    </message>
    <message>
        <source>a puzzle takes no move back: Restart (Alt+B) begins it again</source>
        <translation>in einem Rätsel wird kein Zug zurückgenommen: „Neu beginnen“ (Alt+B) fängt es von vorn an</translation>
    </message>
</context>
<context>
    <name>Statistics</name>
    <message>
        <source>the original edition</source>
        <translation>der Originalausgabe</translation>
    </message>
    <message>
        <source>the jumbo edition</source>
        <translation>der Jumbo-Ausgabe</translation>
    </message>
    <message>
        <source>Original</source>
        <translation>Original</translation>
    </message>
    <message>
        <source>Jumbo</source>
        <translation>Jumbo</translation>
    </message>
    <message>
        <source>humans only</source>
        <translation>nur Menschen</translation>
    </message>
    <message>
        <source>Your statistics file {file} cannot be read ({reason}) nor moved aside ({error}).</source>
        <translation>Ihre Statistikdatei {file} kann weder gelesen ({reason}) noch beiseitegelegt werden ({error}).</translation>
    </message>
    <message>
        <source>Your statistics file could not be read ({reason}); it was kept as {file} and a new record begins.</source>
        <translation>Ihre Statistikdatei war nicht lesbar ({reason}); sie wurde als {file} aufbewahrt, und eine neue Bilanz beginnt.</translation>
    </message>
    <message>
        <source>The game could not be added to your statistics: {reason}</source>
        <translation>Die Partie konnte nicht in Ihre Statistik aufgenommen werden: {reason}</translation>
    </message>
    <message>
        <source>{name}&apos;s best score in {edition}!</source>
        <translation>Bester Punktestand von {name} in {edition}!</translation>
    </message>
    <message>
        <source>Your best score in {edition}!</source>
        <translation>Ihr bester Punktestand in {edition}!</translation>
    </message>
    <message>
        <source>Edition</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <source>Against</source>
        <translation>Gegen</translation>
    </message>
    <message>
        <source>Played</source>
        <translation>Gespielt</translation>
    </message>
    <message>
        <source>Won</source>
        <translation>Gewonnen</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>Statistik</translation>
    </message>
    <message>
        <source>&amp;Player:</source>
        <translation>&amp;Spieler:</translation>
    </message>
    <message>
        <source>No finished games yet. Every game you finish here is added to your record.</source>
        <translation>Noch keine beendeten Partien. Jede Partie, die Sie hier beenden, kommt in Ihre Bilanz.</translation>
    </message>
    <message>
        <source>Games played:</source>
        <translation>Gespielte Partien:</translation>
    </message>
    <message>
        <source>Games won:</source>
        <translation>Gewonnene Partien:</translation>
    </message>
    <message>
        <source>Best score:</source>
        <translation>Bester Punktestand:</translation>
    </message>
    <message>
        <source>Mean score:</source>
        <translation>Mittlerer Punktestand:</translation>
    </message>
    <message>
        <source>Longest game:</source>
        <translation>Längste Partie:</translation>
    </message>
    <message>
        <source>City Hall built:</source>
        <translation>Rathaus gebaut:</translation>
    </message>
    <message>
        <source>Games against each bot level</source>
        <translation>Partien gegen jede Bot-Stufe</translation>
    </message>
    <message>
        <source>Scores over time</source>
        <translation>Punkte im Lauf der Zeit</translation>
    </message>
    <message>
        <source>game</source>
        <translation>Partie</translation>
    </message>
    <message>
        <source>score</source>
        <translation>Punkte</translation>
    </message>
    <message>
        <source>&lt;b&gt;Scores over time&lt;/b&gt;</source>
        <translation>&lt;b&gt;Punkte im Lauf der Zeit&lt;/b&gt;</translation>
    </message>
    <message>
        <source>{won} ({share} %)</source>
        <translation>{won} ({share} %)</translation>
    </message>
    <message>
        <source>1 round</source>
        <translation>1 Runde</translation>
    </message>
    <message>
        <source>{n} rounds</source>
        <translation>{n} Runden</translation>
    </message>
    <message>
        <source>in {n} of {played} games</source>
        <translation>in {n} von {played} Partien</translation>
    </message>
</context>
<context>
    <name>SupplyTray</name>
    <message>
        <source>{n} pts</source>
        <translation>{n} Pkt.</translation>
    </message>
</context>
</TS>
